// Which characters a sentence contains: a word-tokenizer rule is skipped when the sentence lacks its character.

export const F_PERIOD = 1;
export const F_COLON_COMMA = 2;
export const F_SYMBOL = 4; // ; @ # $ % &
export const F_QM = 8; // ? !
export const F_APOS = 16;
export const F_STAR = 32;
export const F_BRACKET = 64;
export const F_DASH = 128;
export const F_DQUOTE = 256; // "
// "nn", "mm" or "tt" in any case: with an apostrophe, necessary for every contraction rule.
export const F_DOUBLE_NMT = 512;
export const F_BACKTICK = 1024;
export const F_OPEN_QUOTE = 2048; // « “ ‘ „
export const F_CLOSE_QUOTE = 4096; // » ” ’
export const F_QUOTE = F_APOS | F_DQUOTE | F_BACKTICK | F_OPEN_QUOTE | F_CLOSE_QUOTE;

const ASCII_FLAGS = new Uint16Array(128);
for (const [chars, flag] of [
  [".", F_PERIOD],
  [":,", F_COLON_COMMA],
  [";@#$%&", F_SYMBOL],
  ["?!", F_QM],
  ["'", F_APOS],
  ["*", F_STAR],
  ["[](){}<>", F_BRACKET],
  ["-", F_DASH],
  ['"', F_DQUOTE],
  ["`", F_BACKTICK],
] as const) {
  for (const ch of chars) ASCII_FLAGS[ch.charCodeAt(0)] |= flag;
}

export function charFlags(text: string): number {
  let flags = 0;
  let prev = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20;
    if (lower === prev && (lower === 0x6e || lower === 0x6d || lower === 0x74)) flags |= F_DOUBLE_NMT;
    prev = c < 128 ? lower : 0;
    if (c < 128) flags |= ASCII_FLAGS[c];
    else if (c === 0xab || c === 0x201c || c === 0x2018 || c === 0x201e) flags |= F_OPEN_QUOTE;
    else if (c === 0xbb || c === 0x201d || c === 0x2019) flags |= F_CLOSE_QUOTE;
  }
  return flags;
}
