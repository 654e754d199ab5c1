import { describe, expect, it } from "vitest";
import { bibtexFor, latexEscape } from "@/app/(site)/entries/[id]/_components/bibtex";

// Issue 45, point 7: "50% recall" in a method name must not start a LaTeX comment.
describe("bibtexFor", () => {
  it("escapes %, &, $, #, _, braces, ~, ^ and backslashes", () => {
    expect(latexEscape("50% R&D $x #1 a_b {c} ~ ^ \\")).toBe(
      "50\\% R\\&D \\$x \\#1 a\\_b \\{c\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}",
    );
    const bib = bibtexFor(
      {
        id: "e1",
        methodName: "Mem 50% + RAG_v2",
        organization: "A & B Lab",
        approvedAt: "2026-05-01T00:00:00Z",
        createdAt: "2026-04-01T00:00:00Z",
        scorerVersion: "lex-1+nltk35",
      },
      "https://board.example/entries/e1",
    );
    expect(bib).toContain("title        = {{Mem 50\\% + RAG\\_v2} on the {H2HMem} Leaderboard},");
    expect(bib).toContain("author       = {{A \\& B Lab}},");
    expect(bib).toContain("howpublished = {\\url{https://board.example/entries/e1}},");
    expect(bib.startsWith("@misc{h2hmem_mem50ragv2_2026,")).toBe(true);
    // Issue 49: the cite text names the signed receipt a reader can check offline.
    expect(bib).toContain("; signed receipt \\url{https://board.example/api/v1/entries/e1/receipt}}");
  });
});
