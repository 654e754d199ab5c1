// No zod here: the submit form (a client component) imports the list (issue 46, page weight).
// Others are kept as typed and grouped as "other" by the board filter.
export const BACKBONES = [
  "Qwen2.5-VL-3B-Instruct",
  "Qwen2.5-VL-7B-Instruct",
  "GPT-4.1-nano",
  "GPT-4.1-mini",
  "GPT-4o-mini",
  "GPT-4o",
  "Qwen2.5-VL-32B-Instruct",
  "Qwen2.5-VL-72B-Instruct",
  "InternVL3-8B",
  "Gemini-2.0-Flash",
] as const;
export const OTHER_BACKBONE = "other";
type BackboneKey = (typeof BACKBONES)[number] | typeof OTHER_BACKBONE;

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, "")
    .replace(/instruct$/, "");
const BY_FOLD = new Map<string, (typeof BACKBONES)[number]>(BACKBONES.map((b) => [fold(b), b]));

/** Case, spaces, dashes and an "-Instruct" suffix are ignored; null when none is stated. */
export function backboneKey(raw: string | null | undefined): BackboneKey | null {
  const t = raw?.trim();
  if (!t) return null;
  if (t.toLowerCase() === OTHER_BACKBONE) return OTHER_BACKBONE;
  return BY_FOLD.get(fold(t)) ?? OTHER_BACKBONE;
}
