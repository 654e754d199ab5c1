// Normalisation used to match predictions to answer-key questions: participants copy question
// text by hand or through different JSON tools, so whitespace and case must not break a match.

/** Trim, collapse whitespace runs, Unicode NFC and case-fold. */
export function normalizeText(text: string): string {
  // Printable ASCII (nearly every question and answer) needs no NFC and has no whitespace but the
  // plain space: one character-class scan decides, instead of the two regular expressions below.
  if (!NOT_PRINTABLE_ASCII.test(text)) return (text.includes("  ") ? text.trim().replace(/ +/g, " ") : text.trim()).toLowerCase();
  // NFC only matters for non-ASCII text; skipping it for ASCII saves time on 100k-item files.
  const composed = NON_ASCII.test(text) ? text.normalize("NFC") : text;
  // Collapsing only changes text with a whitespace other than one plain space (3x faster to skip).
  return (ODD_SPACE.test(composed) ? composed.trim().replace(/\s+/g, " ") : composed.trim()).toLowerCase();
}
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
const NON_ASCII = /[^\x00-\x7f]/;
const ODD_SPACE = /[^\S ]| {2}/;

/** "session1/2.png" and "2.png" both give "2.png"; "" stays "" (no image). */
export function imageBaseName(image: string): string {
  const trimmed = image.trim();
  if (trimmed === "") return "";
  return trimmed.split(/[\\/]/).pop()!.toLowerCase();
}
