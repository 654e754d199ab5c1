import type { Command } from "commander";
import { intOption } from "../errors";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

type AgreementOpts = { submission: string; sample: string; seed: string; json?: boolean };

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);

export function register(program: Command): void {
  const group = program.command("judge").description(describeCommand("judge"));
  group
    .command("agreement")
    .description(
      "Re-judge a random sample of a submission's judged questions, bypassing the cache, and report agreement.",
    )
    .requiredOption("--submission <id>", "submission id")
    .option("--sample <n>", "questions to re-judge", "50")
    .option("--seed <n>", "seed of the random sample (same seed, same sample)", "1")
    .option("--json", "print the report as JSON")
    .action(async (opts: AgreementOpts) => {
      const sample = intOption(opts.sample, "--sample", 1);
      const seed = intOption(opts.seed, "--seed", 0);
      await withDb(async () => {
        const { runAgreementCheck } = await import("../../lib/server/operations/judge-agreement");
        const r = await runAgreementCheck({ submissionId: opts.submission, sample, seed });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
          return;
        }
        process.stdout.write(
          [
            `Agreement check ${r.runId} · submission ${r.submissionId} · judge ${r.model}@${r.promptVersion}`,
            `sample: ${r.sampled} of ${r.eligible} judged questions (seed ${r.seed}); compared ${r.compared}, not judged again ${r.failed}`,
            `exact: ${r.exact}/${r.compared} (${pct(r.exactRate)}) · within one level (0.25): ${r.withinOne}/${r.compared} (${pct(r.withinOneRate)}) · mean |diff|: ${r.meanAbsDiff === null ? "–" : r.meanAbsDiff.toFixed(3)}`,
            `usage: ${r.usage.calls} calls, ${r.usage.retries} retries, ${r.usage.promptTokens}+${r.usage.completionTokens} tokens, ${(r.usage.wallMs / 1000).toFixed(1)} s`,
            ...r.disagreements.slice(0, 20).map((d) => `  ${d.id}: stored ${d.stored} -> now ${d.again}`),
          ].join("\n") + "\n",
        );
      });
    });
}
