// The work of `h2hmem verify`: exits 0 only if every number the board holds for the entry matches.
import {
  hasErrors,
  lexicalOptionsForVersion,
  LEXICAL_VERSION,
  parsePredictionFile,
  type PredictionItem,
  type Split,
} from "../../lib/scoring";
import { EXIT_INVALID, EXIT_OK, UsageError } from "../errors";
import { fixed, formatIssues, table } from "../format";
import { readAnswerKey } from "../io";
import { HttpApiError } from "./submit-client";
import { fetchEntry, fetchFile, fetchJudgeScores, parseEntryRef, type PublicEntry } from "./verify-client";
import { compareRows, rescore, rescoreRuns, type Comparison } from "./verify-compare";

export type VerifyOptions = { url?: string; answerKey?: string; json?: boolean };

const fail = (message: string): number => {
  process.stderr.write(`h2hmem verify: ${message}\n`);
  return EXIT_INVALID;
};

export async function runVerify(ref: string, opts: VerifyOptions): Promise<number> {
  const target = parseEntryRef(ref, opts.url);
  if (!target) throw new UsageError(`give an entry URL (https://host/entries/<id>) or an id with --url: ${ref}`);
  try {
    return await verifyEntry(target.base, target.id, opts);
  } catch (e) {
    if (e instanceof HttpApiError) return fail(`${e.error.status} ${e.error.code}: ${e.error.message}`);
    if (e instanceof UsageError) throw e;
    return fail((e as Error).message);
  }
}

async function verifyEntry(base: string, id: string, opts: VerifyOptions): Promise<number> {
  const entry = await fetchEntry(base, id);
  if (!entry.scorerVersion || entry.scores.length === 0) return fail(`entry ${id} has no scores on the board yet.`);
  const lexical = lexicalOptionsForVersion(entry.scorerVersion);
  if (!lexical)
    return fail(
      `the entry was scored with ${entry.scorerVersion}; this h2hmem scores with ${LEXICAL_VERSION}. Use the h2hmem release that names that version.`,
    );
  const key = entry.answerKey ? await keyFor(entry, opts.answerKey) : undefined;
  const own = await rescoreEntry(base, entry, entry.scorerVersion, { answerKey: key, lexical });
  if (typeof own === "string") return fail(own);
  let local = own.rows;
  // Replicate runs (docs/SCORING.md §9d): the board holds the runs' means, so every run is re-scored.
  if (entry.runIds && entry.runIds.length > 1) {
    const runs = [own.questions];
    for (const runId of entry.runIds.slice(1)) {
      const run = await rescoreEntry(base, await fetchEntry(base, runId), entry.scorerVersion, {
        answerKey: key,
        lexical,
      });
      if (typeof run === "string") return fail(`run ${runId} of the entry: ${run}`);
      runs.push(run.questions);
    }
    local = [...local, ...rescoreRuns(runs)]; // later rows win; a row not every run has stays the entry's own
  }
  const results = compareRows(entry.scores, local);
  const ok = results.every((r) => r.ok);
  if (opts.json) {
    process.stdout.write(
      JSON.stringify(
        {
          id,
          scorerVersion: entry.scorerVersion,
          answerKey: entry.answerKey ?? null,
          ok,
          compared: results.length,
          mismatches: results.filter((r) => !r.ok),
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    process.stdout.write(report(entry, results) + "\n");
  }
  return ok ? EXIT_OK : EXIT_INVALID;
}

/** One submission's files re-scored (with its stored judge scores), or why that cannot be done. */
async function rescoreEntry(
  base: string,
  entry: PublicEntry,
  version: string,
  opts: Omit<Parameters<typeof rescore>[0], "files" | "judge">,
): Promise<ReturnType<typeof rescore> | string> {
  if (!entry.publicPredictions || entry.files.some((f) => !f.url))
    return `the author of entry ${entry.id} keeps the prediction files private: nothing to re-score.`;
  const files: Partial<Record<Split, PredictionItem[]>> = {};
  for (const f of entry.files) {
    const split: Split = f.split === "dyadic" ? "dyadic" : "multi-party";
    const parsed = parsePredictionFile(await fetchFile(base, f), { file: f.fileName, split });
    if (hasErrors(parsed.issues)) return `${f.fileName} does not validate:\n${formatIssues(parsed.issues, 20)}`;
    files[split] = parsed.items;
  }
  const hasJudge = entry.scores.some((r) => r.metric === "judge");
  const judge = hasJudge ? await fetchJudgeScores(base, entry.id) : null;
  if (judge && judge.scorerVersion !== version)
    return `the judge scores are of ${judge.scorerVersion}, the board of ${version}; retry in a moment.`;
  return rescore({ ...opts, files, judge });
}

async function keyFor(entry: PublicEntry, dir: string | undefined) {
  const k = entry.answerKey!;
  if (!dir)
    throw new UsageError(
      `entry ${entry.id} was scored against answer key "${k.label}" (sha-256 ${k.contentSha256}): pass the official dataset folder with --answer-key DIR.`,
    );
  const key = await readAnswerKey(dir);
  if (key.digest !== k.contentSha256)
    throw new UsageError(
      `--answer-key ${dir} has digest ${key.digest}, the entry's answer key ${k.contentSha256}: use the same dataset release.`,
    );
  return key.questions;
}

function report(entry: PublicEntry, results: Comparison[]): string {
  const headline = results.filter((r) => r.row.scope === "ALL" && r.row.aggregate === "micro");
  const body = table(
    ["split", "metric", "n", "board", "re-scored", "match"],
    headline.map(({ row, local, ok }) => [
      row.split,
      row.metric,
      String(row.n),
      fixed(row.value),
      fixed(local?.value),
      ok ? "yes" : "NO",
    ]),
  );
  const bad = results.filter((r) => !r.ok);
  const lines = [
    `Entry ${entry.id} (${entry.methodName}); scorer ${entry.scorerVersion}; answer key ${entry.answerKey ? `${entry.answerKey.label} (${entry.answerKey.contentSha256.slice(0, 12)})` : "none (the files' original_answer)"}`,
    body,
    bad.length === 0
      ? `All ${results.length} board numbers match (every split, scope, metric and average: value, 95% interval, n).`
      : `${bad.length} of ${results.length} board numbers differ:\n${bad
          .slice(0, 20)
          .map(
            ({ row, local }) =>
              `  ${row.split} ${row.scope} ${row.metric} ${row.aggregate}: board ${fixed(row.value, 6)} [${fixed(row.ciLow, 6)}, ${fixed(row.ciHigh, 6)}] n=${row.n}; re-scored ${local ? `${fixed(local.value, 6)} [${fixed(local.ciLow, 6)}, ${fixed(local.ciHigh, 6)}] n=${local.n}` : "missing"}`,
          )
          .join("\n")}`,
  ];
  return lines.join("\n");
}
