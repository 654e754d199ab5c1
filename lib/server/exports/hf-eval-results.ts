import "server-only";
import type { EntryDetail } from "../leaderboard/entries";
import { H2HMEM_HF_DATASET } from "./eee-export";

// A Hugging Face `.eval_results/*.yaml` snippet (Hub "Evaluation Results") for the author's model repo.

const SPLITS = ["overall", "dyadic", "multi-party"] as const;
const METRICS = ["judge", "f1", "bleu1", "precision", "recall"] as const;
// JSON strings are YAML double-quoted scalars.
const q = (s: string) => JSON.stringify(s);

export function hfEvalResultsYaml(entry: EntryDetail, origin: string): string {
  const url = `${origin}/entries/${entry.id}`;
  const date = entry.scoredAt ?? entry.approvedAt ?? entry.createdAt;
  const lines = [
    `# H2HMem Leaderboard results of ${entry.methodName.replace(/\s+/g, " ")} (${url})`,
    "# Save as .eval_results/h2hmem.yaml in your model repository on the Hugging Face Hub.",
    `# Values are proportions (0-1), mean over questions; scorer version ${entry.scorerVersion ?? "none"}.`,
  ];
  for (const split of SPLITS)
    for (const metric of METRICS) {
      const r = entry.scores.find(
        (s) => s.split === split && s.metric === metric && s.scope === "ALL" && s.aggregate === "micro",
      );
      if (!r) continue;
      const ci = r.ciLow !== null && r.ciHigh !== null ? `, 95% CI [${r.ciLow}, ${r.ciHigh}]` : "";
      lines.push(
        "- dataset:",
        `    id: ${q(H2HMEM_HF_DATASET)}`,
        `    task_id: ${q(`${split}-${metric}`)}`,
        `  value: ${r.value}`,
        `  date: ${q(date)}`,
        "  source:",
        `    url: ${q(url)}`,
        `    name: ${q("H2HMem Leaderboard")}`,
        `  notes: ${q(`${split} split, ${metric}${metric === "judge" && entry.judge ? ` (judge ${entry.judge.model})` : ""}${ci}, n=${r.n}; scorer version ${entry.scorerVersion}`)}`,
      );
    }
  return `${lines.join("\n")}\n`;
}
