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

/** The layouts the reader accepts, as every "nothing found" message names them. */
export const DATASET_LAYOUT =
  "<split>/dialogueN/scenes/sessionK/questions.json (the official layout) or <split>/dialogueN/sessionK/questions.json, <split> being dyadic or multi-party";

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

function numbered(dir: string, prefix: string): Array<[number, string]> {
  if (!isDir(dir)) return [];
  const re = new RegExp(`^${prefix}(\\d+)$`, "i");
  return readdirSync(dir)
    .map((name) => [re.exec(name), name] as const)
    .filter(([m, name]) => m && isDir(path.join(dir, name)))
    .map(([m, name]): [number, string] => [Number(m![1]), name])
    .sort((a, b) => a[0] - b[0]);
}

/** A dialogue's session folders: under scenes/ (the official layout), or right in it (many copies of the data). */
function sessionsOf(dialogueDir: string): { dir: string; sessions: Array<[number, string]> } {
  const scenes = path.join(dialogueDir, "scenes");
  const dir = isDir(scenes) ? scenes : dialogueDir;
  return { dir, sessions: numbered(dir, "session") };
}

function splitDirsOf(root: string): Array<[Split, string]> {
  return SPLIT_DIRS.flatMap(([split, names]) => {
    const found = names.map((n) => path.join(root, n)).find(isDir);
    return found ? [[split, found] as [Split, string]] : [];
  });
}

/** Accepts the dataset folder itself or a folder containing `dataset/`. */
function resolveAnswerKeyRoot(dir: string): string {
  const nested = path.join(dir, "dataset");
  return splitDirsOf(dir).length === 0 && splitDirsOf(nested).length > 0 ? nested : dir;
}

export function loadAnswerKeyDir(dir: string): LoadedAnswerKey {
  const root = resolveAnswerKeyRoot(dir);
  const questions: ReferenceQuestion[] = [];
  const issues: ValidationIssue[] = [];
  const files: LoadedAnswerKey["files"] = [];
  const digest = createHash("sha256");
  const posix = (p: string) => p.split(path.sep).join("/");
  for (const [split, splitDir] of splitDirsOf(root)) {
    for (const [dialogue, dName] of numbered(splitDir, "dialogue")) {
      const { dir: sessionsDir, sessions } = sessionsOf(path.join(splitDir, dName));
      for (const [session, sName] of sessions) {
        const file = path.join(sessionsDir, sName, "questions.json");
        if (!existsSync(file)) continue; // documented quirk: some sessions have no questions.json
        const rel = posix(path.relative(root, file));
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
        // Hashed under the official path, so the same files without scenes/ are the same key.
        const official = posix(path.join(path.relative(root, splitDir), dName, "scenes", sName, "questions.json"));
        digest.update(`${official}\n${sha256}\n`);
        files.push({ path: rel, split, dialogue, session, count: parsed.questions.length, sha256 });
      }
    }
  }
  return { root, questions, issues, files, digest: digest.digest("hex") };
}

/** What a folder holds (a few names), for the message below. */
function listing(dir: string): string {
  const names = readdirSync(dir)
    .sort()
    .map((n) => (isDir(path.join(dir, n)) ? `${n}/` : n));
  if (names.length === 0) return "nothing";
  return names.slice(0, 6).join(", ") + (names.length > 6 ? ` and ${names.length - 6} more` : "");
}

/** Why `dir` yields no questions.json: what the walk found where it stopped, and what it expected. */
export function datasetLayoutProblem(dir: string): string {
  const expected = `expected ${DATASET_LAYOUT}`;
  if (!isDir(dir)) return `${dir} is not a folder; ${expected}`;
  const root = resolveAnswerKeyRoot(dir);
  const at = (p: string) => `${path.relative(dir, p) || "."}/`;
  const splits = splitDirsOf(root);
  if (splits.length === 0) {
    const hint =
      numbered(root, "dialogue").length > 0 ? " (this looks like one split: give the folder that holds it)" : "";
    return `found ${listing(root)} in ${dir}, but no dyadic/ or multi-party/ folder${hint}; ${expected}`;
  }
  for (const [, splitDir] of splits) {
    const dialogues = numbered(splitDir, "dialogue");
    if (dialogues.length === 0)
      return `found ${listing(splitDir)} in ${at(splitDir)}, but no dialogueN folder; ${expected}`;
    const dialogueDir = path.join(splitDir, dialogues[0]![1]);
    const { dir: sessionsDir, sessions } = sessionsOf(dialogueDir);
    if (sessions.length === 0)
      return `found ${listing(dialogueDir)} in ${at(dialogueDir)}, but no sessionK or scenes/sessionK folder; ${expected}`;
    const sessionDir = path.join(sessionsDir, sessions[0]![1]);
    return `found ${listing(sessionDir)} in ${at(sessionDir)}, but no questions.json; ${expected}`;
  }
  return expected; // not reached: every split returns above
}
