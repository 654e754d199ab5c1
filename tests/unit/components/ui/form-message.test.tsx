import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormMessage } from "@/components/ui/form-message";
import { localFailure } from "@/components/ui/use-action-form";

describe("a form's outcome message", () => {
  it("shows an error as an alert, ahead of any success, and a success as a status", () => {
    expect(renderToStaticMarkup(<FormMessage error="Too short" success="Saved" />)).toBe(
      '<p role="alert" class="text-sm text-red-700 dark:text-red-300">Too short</p>',
    );
    expect(renderToStaticMarkup(<FormMessage success="Saved" as="span" data-testid="r" />)).toBe(
      '<span role="status" class="text-sm" data-testid="r">Saved</span>',
    );
    expect(renderToStaticMarkup(<FormMessage look="banner" id="signin-error" error="Wrong password" />)).toContain(
      'id="signin-error" role="alert" class="rounded border border-red-300',
    );
    expect(renderToStaticMarkup(<FormMessage error={null} success={null} />)).toBe("");
  });

  it("gives a browser-side refusal the server's failure shape", () => {
    expect(localFailure("Select one")).toEqual({
      ok: false,
      error: { code: "VALIDATION_FAILED", message: "Select one", details: [] },
    });
  });
});
