import "server-only";
import { translator } from "@/lib/i18n/translator";
import { formatter } from "@/lib/i18n/format";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, SPLITS } from "@/lib/scoring/types";
import { PREDICTION_FIELDS, PREDICTION_FILE_ALIASES, PREDICTION_FILE_NAMES, isOptionalField } from "@/lib/scoring";
import { NLTK_MODE_TOKENS, SCORER_VERSION_EXAMPLE } from "../versions/version-text";
import { uploadLimits } from "../submissions/validate-upload";
import { FEED_PATH } from "../history/board-feed";
import { MCP_PATH, MCP_TOOLS } from "./tool-catalog";

// /llms.txt and /llms-full.txt (llmstxt.org): the About and Submit pages' own English messages and
// constants rendered as Markdown, so the text cannot drift from the pages.

/** A public GET of the OpenAPI document: path and summary. */
export type ApiPath = { path: string; summary: string };
type Input = { origin: string; apiPaths: readonly ApiPath[] };

const MD = {
  strong: (c: string) => `**${c}**`,
  em: (c: string) => `*${c}*`,
  code: (c: string) => `\`${c}\``,
};
const link = (c: string) => c;
const SPLIT_KEY = { dyadic: "dyadic", "multi-party": "multiparty" } as const;
// The citation example's placeholders, as on the About page.
const CITE = { id: "<id>", hash: "<hash>", version: "<version>", date: "<date>" };

async function messages() {
  const [common, about, format, cats, mains, hints] = await Promise.all([
    translator("en", "common"),
    translator("en", "about"),
    translator("en", "submitFormat"),
    translator("en", "categories"),
    translator("en", "mainTypes"),
    translator("en", "validation"),
  ]);
  return { common, about, format, cats, mains, hints };
}

/** The short index: what the site is and where each part lives. */
export async function llmsText({ origin, apiPaths }: Input): Promise<string> {
  const { common, about } = await messages();
  const pick = (p: string) => apiPaths.find((a) => a.path === p)?.summary ?? "";
  return [
    `# ${common("siteName")}`,
    "",
    `> ${common("siteDescription")}`,
    "",
    about.markup("whatText", MD),
    "",
    "## Docs",
    "",
    `- [Full text for agents](${origin}/llms-full.txt): the prediction format, categories, limits, metrics, API, MCP tools and citation in one file`,
    `- [About](${origin}/about): ${about("howHeading")}; ${about("citeHeading")}`,
    `- [Submit](${origin}/submit): ${about("submitHeading")}`,
    "",
    "## API",
    "",
    `- [OpenAPI description](${origin}/api/v1/openapi.json): every endpoint of the HTTP API v1`,
    `- [Leaderboard](${origin}/api/v1/leaderboard): ${pick("/api/v1/leaderboard")}`,
    `- [Snapshots](${origin}/api/v1/snapshots): ${pick("/api/v1/snapshots")}`,
    `- [MCP server](${origin}${MCP_PATH}): Streamable HTTP; tools ${MCP_TOOLS.map((t) => t.name).join(", ")}`,
    `- [Atom feed](${origin}${FEED_PATH})`,
    "",
  ].join("\n");
}

/** Everything an agent needs to prepare, submit, read and cite, in one Markdown file. */
export async function llmsFullText({ origin, apiPaths }: Input): Promise<string> {
  const m = await messages();
  const f = formatter("en");
  const limits = uploadLimits();
  const lines = [
    `# ${m.common("siteName")}`,
    "",
    `> ${m.common("siteDescription")}`,
    "",
    m.about.markup("whatText", MD),
  ];
  lines.push("", `## ${m.format("heading")}`, "");
  for (const split of SPLITS)
    lines.push(
      `- ${m.format.markup(`files.${SPLIT_KEY[split]}`, {
        ...MD,
        name: PREDICTION_FILE_NAMES[split],
        aliases: PREDICTION_FILE_ALIASES[split].join(", "),
        count: PREDICTION_FILE_ALIASES[split].length,
      })}`,
    );
  lines.push("", m.format.markup("shape", { ...MD, format: '{"predictions": [{…}, …]}' }));
  lines.push("", `### ${m.format("fieldsHeading", { count: PREDICTION_FIELDS.length })}`, "");
  for (const field of PREDICTION_FIELDS)
    lines.push(
      `- \`${field}\` (${m.format(isOptionalField(field) ? "optional" : "required")}): ${m.hints(`fieldHints.${field}`)}`,
    );
  lines.push("", `### ${m.format("categoriesHeading", { count: CATEGORY_CODES.length })}`, "");
  lines.push(m.format.markup("categoriesIntro", { ...MD, example: `${CATEGORIES.TR.name} (TR)` }), "");
  for (const main of MAIN_TYPES) {
    lines.push(`- ${m.mains(main)} (\`${main}\`)`);
    for (const code of CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === main)) {
      const aliases = CATEGORIES[code].aliases;
      const also = aliases.length ? `; ${m.format("aliases")}: ${aliases.map((a) => `\`${a}\``).join(", ")}` : "";
      lines.push(`  - \`${code}\`: \`${CATEGORIES[code].name}\`${also}`);
    }
  }
  lines.push("", `### ${m.format("limitsHeading")}`, "");
  lines.push(`- ${m.format("maxBytes", { size: f.bytes(limits.maxBytes) })}`);
  lines.push(`- ${m.format("maxItems", { count: f.integer(limits.maxItems) })}`);
  lines.push(`- ${m.format("maxAnswerChars", { count: f.integer(limits.maxAnswerChars) })}`);
  lines.push("", `## ${m.about("howHeading")}`, "");
  lines.push(`- ${m.about.markup("lexical", MD)}`);
  lines.push(`- ${m.about.markup("nltk", { ...MD, ...NLTK_MODE_TOKENS, link })}`);
  lines.push(`- ${m.about.markup("judge", { ...MD, example: SCORER_VERSION_EXAMPLE })}`);
  lines.push(`- ${m.about.markup("microMacro", MD)}`);
  lines.push(`- ${m.about.markup("intervals", MD)}`);
  lines.push(`- ${m.about.markup("ranks", { ...MD, compare: link })}`);
  lines.push("", `## ${m.about("submitHeading")}`, "");
  (["submitStep1", "submitStep2", "submitStep3", "submitStep4"] as const).forEach((k, i) =>
    lines.push(`${i + 1}. ${m.about.markup(k, { ...MD, signin: link, submit: link })}`),
  );
  lines.push("", "## HTTP API (public reads)", "");
  lines.push(
    `- OpenAPI: ${origin}/api/v1/openapi.json (authenticated endpoints take \`Authorization: Bearer <api token>\`)`,
  );
  for (const p of apiPaths) lines.push(`- \`GET ${p.path}\`: ${p.summary}`);
  lines.push("", "## MCP server", "", `Streamable HTTP at ${origin}${MCP_PATH}. Tools:`, "");
  for (const t of MCP_TOOLS)
    lines.push(
      `- \`${t.name}\` (${t.scope ? `API token with the \`${t.scope}\` scope` : "anonymous"}): ${t.description}`,
    );
  lines.push("", `## ${m.about("citeHeading")}`, "", m.about.markup("citeSnapshots", MD), "");
  lines.push(m.about.markup("citeHow", { ...MD, ...CITE, snapshots: link }), "");
  lines.push(m.about.markup("citeArchive", { ...MD, id: CITE.id }), "");
  return lines.join("\n");
}
