import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table, TableEmpty, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

const render = (label?: string) =>
  renderToStaticMarkup(
    <Table label={label} caption="Scores" data-testid="t">
      <THead>
        <Tr kind="head">
          <Th>Method</Th>
          <Th align="right">F1</Th>
        </Tr>
      </THead>
      <TBody>
        <Tr>
          <Th scope="row">A</Th>
          <Td className="tabular-nums">0.5</Td>
        </Tr>
        <TableEmpty colSpan={2}>Nothing yet</TableEmpty>
      </TBody>
    </Table>,
  );

describe("the shared table", () => {
  it("names a scroll region only when labelled, so a keyboard can scroll it", () => {
    const named = render("Scores table");
    expect(named).toMatch(/^<div class="overflow-x-auto[^"]*" tabindex="0" role="region" aria-label="Scores table">/);
    expect(render()).not.toContain('role="region"');
  });

  it("keeps the caption, column and row scopes, and the cells' padding", () => {
    const html = render();
    expect(html).toContain(
      '<table class="min-w-full text-sm" data-testid="t"><caption class="sr-only">Scores</caption>',
    );
    expect(html).toContain('<th scope="col" class="px-2 py-1">Method</th>');
    expect(html).toContain('<th scope="col" class="px-2 py-1 text-right">F1</th>');
    expect(html).toContain('<th scope="row" class="px-2 py-1">A</th><td class="px-2 py-1 tabular-nums">0.5</td>');
    expect(html).toContain(
      '<tr><td class="px-2 py-2 text-slate-600 dark:text-slate-400" colSpan="2">Nothing yet</td></tr>',
    );
  });
});
