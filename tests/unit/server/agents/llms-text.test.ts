import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import { CATEGORIES, CATEGORY_CODES, PREDICTION_FIELDS, PREDICTION_FILE_NAMES } from "@/lib/scoring";
import { llmsFullText, llmsText } from "@/lib/server/agents/llms-text";
import { publicGetPaths } from "@/lib/server/agents/api-paths";
import { MCP_PATH, MCP_TOOLS } from "@/lib/server/agents/tool-catalog";
import { uploadLimits } from "@/lib/server/submissions/validate-upload";
import { resetEnvCache } from "@/lib/server/env";
import { OPENAPI } from "@/app/api/v1/openapi.json/spec";

// The texts are compared with the sources the pages render, read here on their own (the raw
// message JSON, the scoring constants, the OpenAPI document), so a copy that drifts fails.

const origin = "https://board.example";
const apiPaths = publicGetPaths(OPENAPI.paths);

/** A message without placeholders, its tags turned into Markdown the way the builder does. */
function markdown(message: string): string {
  return message
    .replace(/<strong>(.*?)<\/strong>/g, "**$1**")
    .replace(/<em>(.*?)<\/em>/g, "*$1*")
    .replace(/<code>(.*?)<\/code>/g, "`$1`")
    .replace(/<(\w+)>(.*?)<\/\1>/g, "$2");
}

describe("/llms.txt and /llms-full.txt", () => {
  const saved = { ...process.env };
  // A deployment's own limit (not the default) must show: the text reads the live settings.
  beforeAll(() => {
    Object.assign(process.env, {
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x",
      UPLOAD_MAX_PREDICTIONS: "4321",
    });
    resetEnvCache();
  });
  afterAll(() => {
    process.env = saved;
    resetEnvCache();
  });

  it("the index names the site, says what it measures and links every entry point on the deployment's origin", async () => {
    const text = await llmsText({ origin, apiPaths });
    expect(text.startsWith(`# ${en.common.siteName}\n\n> ${en.common.siteDescription}`)).toBe(true);
    expect(text).toContain(markdown(en.about.whatText));
    for (const url of ["/llms-full.txt", "/api/v1/openapi.json", "/api/v1/leaderboard", "/api/v1/snapshots", MCP_PATH])
      expect(text).toContain(`(${origin}${url})`);
    for (const t of MCP_TOOLS) expect(text).toContain(t.name);
  });

  it("the full text carries the format, categories, limits, metrics, API, MCP tools and citation from their homes", async () => {
    const text = await llmsFullText({ origin, apiPaths });
    for (const split of ["dyadic", "multi-party"] as const) expect(text).toContain(PREDICTION_FILE_NAMES[split]);
    for (const field of PREDICTION_FIELDS) expect(text).toContain(`\`${field}\` (`);
    for (const hint of Object.values(en.validation.fieldHints)) expect(text).toContain(hint);
    for (const code of CATEGORY_CODES) {
      expect(text).toContain(`\`${code}\`: \`${CATEGORIES[code].name}\``);
      for (const alias of CATEGORIES[code].aliases) expect(text).toContain(`\`${alias}\``);
    }
    const limits = uploadLimits();
    expect(limits.maxItems).toBe(4321);
    expect(text).toContain(`At most ${limits.maxItems.toLocaleString("en")} predictions per file.`);
    expect(text).toContain(`At most ${limits.maxAnswerChars.toLocaleString("en")} characters per system_answer.`);
    for (const key of ["lexical", "microMacro", "intervals", "citeSnapshots"] as const)
      expect(text).toContain(markdown(en.about[key]));
    expect(apiPaths.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/api/v1/leaderboard", "/api/v1/claims/verify"]),
    );
    expect(apiPaths.map((p) => p.path)).not.toContain("/api/v1/submissions");
    for (const p of apiPaths) expect(text).toContain(`- \`GET ${p.path}\`: ${p.summary}`);
    for (const t of MCP_TOOLS) expect(text).toContain(`- \`${t.name}\` (`);
    expect(text).toContain("`submit` (API token with the `submit` scope)");
    expect(text).toContain(`${origin}${MCP_PATH}`);
    expect(text).toMatch(/cite one as, e\.g\., “H2HMem leaderboard, snapshot `<id>`/);
    expect(text).toContain(markdown(en.about.citeArchive.replace("{id}", "<id>")));
  });
});
