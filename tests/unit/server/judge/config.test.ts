import { mkdtempSync, writeFileSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { promptTemplate } from "@/lib/scoring";
import { resetEnvCache } from "../../../../lib/server/env";
import { judgeConfigFromEnv, loadPromptTemplate } from "../../../../lib/server/judge/config";
import { judgeScorerVersion } from "../../../../lib/server/versions/judge-version";

describe("loadPromptTemplate", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "judge-prompt-"));

  it("uses the built-in prompt without a file", () => {
    expect(loadPromptTemplate(undefined)).toEqual(promptTemplate());
  });

  it("versions a prompt file by its content and notices edits", () => {
    const file = path.join(dir, "prompt.txt");
    writeFileSync(file, "Rubric A\n{{header}}\n{{questions}}");
    const a = loadPromptTemplate(file);
    expect(a).toMatchObject({ source: "file", text: "Rubric A\n{{header}}\n{{questions}}" });
    writeFileSync(file, "Rubric B, longer\n{{questions}}");
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const b = loadPromptTemplate(file);
    expect(b.text).toBe("Rubric B, longer\n{{questions}}");
    expect(b.version).not.toBe(a.version);
  });

  it("rejects a missing or empty file with a clear message", () => {
    expect(() => loadPromptTemplate(path.join(dir, "nope.txt"))).toThrow(
      /JUDGE_PROMPT_FILE .*nope\.txt cannot be read/,
    );
    const empty = path.join(dir, "empty.txt");
    writeFileSync(empty, "  \n");
    expect(() => loadPromptTemplate(empty)).toThrow(/is empty/);
  });
});

describe("judgeScorerVersion", () => {
  it("appends the judge model and prompt version to the lexical version", () => {
    const prompt = promptTemplate();
    expect(judgeScorerVersion("lex-1+nltk+sw198", { model: "gpt-4o-mini", prompt })).toBe(
      `lex-1+nltk+sw198+judge=gpt-4o-mini@${prompt.version}`,
    );
  });
});

describe("judgeConfigFromEnv maxTokens", () => {
  const base = { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x", JUDGE_BASE_URL: "http://127.0.0.1:1/v1" };
  const withEnv = (vars: Record<string, string>) => {
    for (const [k, v] of Object.entries({ ...base, ...vars })) vi.stubEnv(k, v);
    resetEnvCache();
    return judgeConfigFromEnv();
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("defaults to a budget sized for the batch size: 200 + 150 per question, at most 16,384", () => {
    expect(withEnv({}).maxTokens).toBe(3200);
    expect(withEnv({ JUDGE_BATCH_SIZE: "5" }).maxTokens).toBe(950);
    expect(withEnv({ JUDGE_BATCH_SIZE: "200" }).maxTokens).toBe(16_384);
  });

  it("takes JUDGE_MAX_TOKENS as given, within 64..65536", () => {
    expect(withEnv({ JUDGE_MAX_TOKENS: "1000", JUDGE_BATCH_SIZE: "50" }).maxTokens).toBe(1000);
    expect(() => withEnv({ JUDGE_MAX_TOKENS: "10" })).toThrow(/JUDGE_MAX_TOKENS/);
    expect(() => withEnv({ JUDGE_MAX_TOKENS: "100000" })).toThrow(/JUDGE_MAX_TOKENS/);
  });
});
