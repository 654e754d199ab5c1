import { readFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "@/lib/server/logger";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { FIXTURES } from "./api-helpers";

// A scored submission whose answers are all right ("perfect": F1 1, interval [1, 1]) or all wrong
// ("wrong": F1 0, interval [0, 0]), so two of them rank apart on any board, whatever else is on it.

type Prediction = { system_answer: string; original_answer: string };

function file(rel: string, grade: "perfect" | "wrong", stamp: string): Uint8Array {
  const json = JSON.parse(readFileSync(path.join(FIXTURES, rel), "utf8")) as { predictions: Prediction[] };
  json.predictions.forEach((p, i) => {
    // The stamp keeps the upload unique (uploads are deduplicated by content hash) without changing a score.
    p.system_answer = grade === "perfect" ? p.original_answer : `zzqx ${stamp} ${i}`;
  });
  // Trailing whitespace (still the same JSON) keeps perfect uploads of one account distinct.
  return new TextEncoder().encode(JSON.stringify(json) + " ".repeat(grade === "perfect" ? stamp.length : 0));
}

export async function gradedSubmission(
  userId: string,
  stamp: string,
  grade: "perfect" | "wrong",
  log: Logger,
): Promise<string> {
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: file("good/prediction_dyadic.json", grade, stamp) },
    multiparty: {
      fileName: "prediction_multiparty.json",
      bytes: file("good/prediction_multiparty.json", grade, stamp),
    },
  };
  const { id } = await createSubmission({ userId, files, meta: { methodName: stamp }, enqueue: false });
  const outcome = await scoreSubmissionPipeline(id, log);
  if (outcome !== "scored") throw new Error(`graded submission ${id} was not scored (${outcome})`);
  return id;
}
