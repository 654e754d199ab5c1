import "server-only";
// File walking lives here so lib/scoring stays pure.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseQuestionsFile, type ReferenceQuestion, type ValidationIssue } from "../../scoring";
import type { Split } from "../../scoring/types";

export type LoadedAnswerKey = {
  root: string;
  questions: ReferenceQuestion[];
  issues: ValidationIssue[];
  files: Array<{ path: string; split: Split; dialogue: number; session: number; count: number; sha256: string }>;
  digest: string;
};

const SPLIT_DIRS: Array<[Split, string[]]> = [
  ["dyadic", ["dyadic"]],
  ["multi-party", ["multi-party", "multi_party", "multiparty"]],
];

function numbered(dir: string, prefix: string): Array<[number, string]> {
  if (!existsSync(dir)) return [];
  const re = new RegExp(`^${prefix}(\\d+)$`, "i");
  return readdirSync(dir)
    .map((name) => [re.exec(name), name] as const)
    .filter(([m, name]) => m && statSync(path.join(dir, name)).isDirectory())
    .map(([m, name]): [number, string] => [Number(m![1]), name])
    .sort((a, b) => a[0] - b[0]);
}

/** Accepts the dataset folder itself or a folder containing `dataset/`. */
function resolveAnswerKeyRoot(dir: string): string {
  const nested = path.join(dir, "dataset");
  const hasSplit = (d: string) => SPLIT_DIRS.some(([, names]) => names.some((n) => existsSync(path.join(d, n))));
  return !hasSplit(dir) && hasSplit(nested) ? nested : dir;
}

export function loadAnswerKeyDir(dir: string): LoadedAnswerKey {
  const root = resolveAnswerKeyRoot(dir);
  const questions: ReferenceQuestion[] = [];
  const issues: ValidationIssue[] = [];
  const files: LoadedAnswerKey["files"] = [];
  const digest = createHash("sha256");
  for (const [split, names] of SPLIT_DIRS) {
    const splitDir = names.map((n) => path.join(root, n)).find((d) => existsSync(d));
    if (!splitDir) continue;
    for (const [dialogue, dName] of numbered(splitDir, "dialogue")) {
      const scenes = path.join(splitDir, dName, "scenes");
      for (const [session, sName] of numbered(scenes, "session")) {
        const file = path.join(scenes, sName, "questions.json");
        if (!existsSync(file)) continue; // documented quirk: some sessions have no questions.json
        const rel = path.relative(root, file).split(path.sep).join("/");
        const bytes = readFileSync(file);
        let json: unknown;
        try {
          json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
        } catch (err) {
          issues.push({
            severity: "error",
            code: "BAD_QUESTIONS_FILE",
            file: rel,
            path: "",
            message: `Cannot read as UTF-8 JSON: ${(err as Error).message}`,
          });
          continue;
        }
        const parsed = parseQuestionsFile(json, { split, dialogue, session, file: rel });
        questions.push(...parsed.questions);
        issues.push(...parsed.issues);
        const sha256 = createHash("sha256").update(bytes).digest("hex");
        digest.update(`${rel}\n${sha256}\n`);
        files.push({ path: rel, split, dialogue, session, count: parsed.questions.length, sha256 });
      }
    }
  }
  return { root, questions, issues, files, digest: digest.digest("hex") };
}
