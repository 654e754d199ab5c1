import { mkdtempSync, writeFileSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { promptTemplate } from "@/lib/scoring";
import { loadPromptTemplate } from "./config";
import { judgeScorerVersion } from "./judge-version";

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
    expect(() => loadPromptTemplate(path.join(dir, "nope.txt"))).toThrow(/JUDGE_PROMPT_FILE .*nope\.txt cannot be read/);
    const empty = path.join(dir, "empty.txt");
    writeFileSync(empty, "  \n");
    expect(() => loadPromptTemplate(empty)).toThrow(/is empty/);
  });
});

describe("judgeScorerVersion", () => {
  it("appends the judge model and prompt version to the lexical version", () => {
    const prompt = promptTemplate();
    expect(judgeScorerVersion("lex-1+nltk+sw198", { model: "gpt-4o-mini", prompt })).toBe(`lex-1+nltk+sw198+judge=gpt-4o-mini@${prompt.version}`);
  });
});
