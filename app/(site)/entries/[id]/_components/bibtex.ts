import type { EntryDetail } from "@/lib/server/leaderboard/entries";

// Characters LaTeX reads as commands in a BibTeX field ("50% memory" would start a comment).
const SPECIAL: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  "%": "\\%",
  "&": "\\&",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
};

/** The entry's signed receipt (docs/TRUST.md), which the cite text and the badge link to. */
export const receiptUrlOf = (entryUrl: string) => `${entryUrl.replace(/\/entries\//, "/api/v1/entries/")}/receipt`;

export const latexEscape = (s: string): string => s.replace(/[\\{}%&$#_~^]/g, (c) => SPECIAL[c]!);

// \url reads its argument verbatim except %, # and braces.
const texUrl = (url: string) => `\\url{${url.replace(/[%#{}\\]/g, (c) => `\\${c}`)}}`;

/** BibTeX key: method slug plus the approval year, stable for a permanent entry link. */
export function bibtexFor(
  e: Pick<EntryDetail, "id" | "methodName" | "organization" | "approvedAt" | "createdAt" | "scorerVersion">,
  url: string,
): string {
  const year = (e.approvedAt ?? e.createdAt).slice(0, 4);
  const slug =
    e.methodName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "")
      .slice(0, 24) || "entry";
  return [
    `@misc{h2hmem_${slug}_${year},`,
    `  title        = {{${latexEscape(e.methodName)}} on the {H2HMem} Leaderboard},`,
    ...(e.organization ? [`  author       = {{${latexEscape(e.organization)}}},`] : []),
    `  year         = {${year}},`,
    `  howpublished = {${texUrl(url)}},`,
    `  note         = {H2HMem leaderboard entry ${e.id}, scorer version ${latexEscape(e.scorerVersion ?? "n/a")}; signed receipt ${texUrl(receiptUrlOf(url))}}`,
    `}`,
  ].join("\n");
}
