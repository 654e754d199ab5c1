// Soak files regenerated from a seed (carried in the method name), so the verifier rebuilds the exact bytes instead of keeping them in memory.
import { createHash } from "node:crypto";
import type { ReferenceQuestion } from "../../lib/scoring";
import { syntheticPredictions } from "../dev/synthetic-predictions";

export type SoakFiles = { dyadic: Uint8Array; multiparty: Uint8Array };

export function soakFiles(key: ReferenceQuestion[], seed: number): SoakFiles {
  // Quality varies with the seed so the entries differ in more than their random words.
  const quality = 0.3 + (seed % 7) / 10;
  return {
    dyadic: syntheticPredictions(key, "dyadic", { seed, quality }),
    multiparty: syntheticPredictions(key, "multi-party", { seed: seed + 1, quality }),
  };
}

export const methodNameFor = (submitter: number, n: number, seed: number) =>
  `soak s${submitter + 1} #${n} seed ${seed}`;

export function seedFromMethodName(name: string): number | null {
  const m = /^soak s\d+ #\d+ seed (\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function uploadForm(files: SoakFiles, methodName: string): FormData {
  const form = new FormData();
  form.set("methodName", methodName);
  form.set("organization", "soak test");
  form.set("dyadic", new Blob([Buffer.from(files.dyadic)], { type: "application/json" }), "prediction_dyadic.json");
  form.set(
    "multiparty",
    new Blob([Buffer.from(files.multiparty)], { type: "application/json" }),
    "prediction_multiparty.json",
  );
  return form;
}
