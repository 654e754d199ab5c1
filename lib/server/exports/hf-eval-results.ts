import "server-only";
import type { EntryDetail } from "../leaderboard/entries";
import { H2HMEM_HF_DATASET } from "./eee-export";

// A Hugging Face `.eval_results/*.yaml` snippet (Hub "Evaluation Results") for the author's model repo.

const SPLITS = ["overall", "dyadic", "multi-party"] as const;
const METRICS = ["judge", "f1", "bleu1", "precision", "recall"] as const;
// JSON strings are YAML double-quoted scalars; JSON leaves DEL, C1 (U+0085 NEL) and U+2028/9 raw, and
// YAML 1.1 readers (PyYAML, as the Hub's tools use) take NEL, LS and PS as line breaks: escape them too.
const RAW_BREAKS = /[\u007f-\u009f\u2028\u2029]/g;
const hex4 = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
const q = (s: string) => JSON.stringify(s).replace(RAW_BREAKS, hex4);
/** Comment text on one line whatever the YAML version: control characters and line separators become spaces. */
const oneLine = (s: string) => s.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").replace(/\s+/g, " ");

export function hfEvalResultsYaml(entry: EntryDetail, origin: string): string {
  const url = `${origin}/entries/${entry.id}`;
  const date = entry.scoredAt ?? entry.approvedAt ?? entry.createdAt;
  const lines = [
    `H2HMem Leaderboard results of ${entry.methodName} (${url})`,
    "Save as .eval_results/h2hmem.yaml in your model repository on the Hugging Face Hub.",
    `Values are proportions (0-1), mean over questions; scorer version ${entry.scorerVersion ?? "none"}.`,
  ].map((c) => `# ${oneLine(c)}`);
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
