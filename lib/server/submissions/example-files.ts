import "server-only";
import { exampleFileName, exampleFileText } from "@/lib/scoring";
import { SPLITS, type Split } from "@/lib/scoring/types";
import { loadActiveAnswerKey } from "../answer-key/store";

// The example prediction files on the Submit page, built from the active answer key on request
// (the key is cached per version in store.ts, so this is a stringify, not a load).

/** The download path of a split's example file (the route folders under app/downloads/ use the same names). */
export function exampleFilePath(split: Split): string {
  return `/downloads/${exampleFileName(split)}`;
}

export const EXAMPLE_FILE_PATHS = Object.fromEntries(SPLITS.map((s) => [s, exampleFilePath(s)])) as Record<
  Split,
  string
>;

/** The example file of a split, or null while no answer key is imported. */
export async function exampleFile(split: Split): Promise<{ name: string; text: string } | null> {
  const key = await loadActiveAnswerKey();
  if (!key) return null;
  return { name: exampleFileName(split), text: exampleFileText(key.questions, split) };
}
