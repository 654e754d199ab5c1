import "server-only";
import { exampleFileName, exampleFileText } from "@/lib/scoring";
import { SPLITS, type Split } from "@/lib/scoring/types";
import { loadActiveAnswerKey } from "../answer-key/store";

// The key is cached per version, so building on request is a stringify, not a load.

/** The route folders under app/downloads/ use the same names. */
function exampleFilePath(split: Split): string {
  return `/downloads/${exampleFileName(split)}`;
}

export const EXAMPLE_FILE_PATHS = Object.fromEntries(SPLITS.map((s) => [s, exampleFilePath(s)])) as Record<
  Split,
  string
>;

export async function exampleFile(split: Split): Promise<{ name: string; text: string } | null> {
  const key = await loadActiveAnswerKey();
  if (!key) return null;
  return { name: exampleFileName(split), text: exampleFileText(key.questions, split) };
}
