// Question text is copied by hand or through JSON tools, so whitespace and case must not break a match.

export function normalizeText(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** "session1/2.png" and "2.png" both give "2.png"; "" stays "" (no image). */
export function imageBaseName(image: string): string {
  const trimmed = image.trim();
  if (trimmed === "") return "";
  return trimmed.split(/[\\/]/).pop()!.toLowerCase();
}
