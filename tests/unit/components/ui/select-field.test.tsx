import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField } from "@/components/ui/select-field";

describe("the shared select field", () => {
  it("labels the select by id and marks the chosen option", () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="lb-agg"
        name="aggregate"
        label="Average"
        defaultValue="macro"
        options={[
          ["micro", "Micro"],
          ["macro", "Macro"],
        ]}
      />,
    );
    expect(html).toContain(
      '<label for="lb-agg" class="block text-sm">Average</label><select id="lb-agg" name="aggregate"',
    );
    expect(html).toContain('<option value="macro" selected="">Macro</option>');
    expect(html).not.toContain("aria-describedby");
  });

  it("wires its hint and error to the select and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <SelectField
        name="modality"
        label="Modality"
        variant="form"
        hint="Optional"
        error="Pick one"
        options={[["", "None"]]}
      />,
    );
    expect(html).toContain(
      'id="f-modality" name="modality" aria-invalid="true" aria-describedby="f-modality-error f-modality-hint"',
    );
    expect(html).toContain('<p id="f-modality-hint"');
    expect(html).toContain('<p id="f-modality-error" class="mt-1 text-sm text-red-700 dark:text-red-300">Pick one</p>');
  });
});
