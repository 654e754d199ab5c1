import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A copy of an official dataset folder without the scenes/ level: <split>/dialogueN/sessionK/questions.json. */
export function datasetWithoutScenes(dataset: string): string {
  const out = mkdtempSync(path.join(os.tmpdir(), "h2hmem-no-scenes-"));
  for (const split of readdirSync(dataset))
    for (const dialogue of readdirSync(path.join(dataset, split)))
      cpSync(path.join(dataset, split, dialogue, "scenes"), path.join(out, split, dialogue), { recursive: true });
  return out;
}
