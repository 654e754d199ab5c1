// The word lists the tokenizer and the metrics look words up in (Punkt's abbreviations, sentence
// starters, collocations and orthographic context; the stopword lists) from tables.ts (generated
// from ../../data/*.ts by the build): one open-addressing table of (list, word) -> value, filled
// when the module starts.
import { LISTS, listData, listLength } from "./tables";

export const SET_ABBREV = 0;
export const SET_STARTER = 1;
/** Collocations "first\0second" (a type may be "##number##"). */
export const SET_COLLOC = 2;
/** First words of the collocations. */
export const SET_COLLOC_FIRST = 3;
export const SET_STOP_NEW = 4;
export const SET_STOP_OLD = 5;
/** Orthographic context flags by type. */
export const SET_ORTHO = 6;

const BITS = 12;
const SLOTS = 1 << BITS;
// Slot: list id + 1 (0 = empty: the module's fresh memory), key pointer, key length, value.
const slots = new StaticArray<i32>(SLOTS * 4);

function hash(set: i32, p: usize, len: i32): u32 {
  let h: u32 = 0x811c9dc5 ^ <u32>set;
  for (let i = 0; i < len; i++) h = (h ^ <u32>load<u8>(p + i)) * 0x01000193;
  return h ^ (h >> 15);
}

function sameBytes(a: usize, b: usize, len: i32): bool {
  return memory.compare(a, b, <usize>len) == 0;
}

/** Value of a word in a list, or -1 when absent. */
export function lookup(set: i32, p: usize, len: i32): i32 {
  let s = <i32>(hash(set, p, len) & (SLOTS - 1));
  let id = unchecked(slots[s * 4]) - 1;
    while (id >= 0) {
    if (id == set && unchecked(slots[s * 4 + 2]) == len && sameBytes(<usize>unchecked(slots[s * 4 + 1]), p, len)) return unchecked(slots[s * 4 + 3]);
    s = (s + 1) & (SLOTS - 1);
    id = unchecked(slots[s * 4]) - 1;
  }
  return -1;
}

function insert(set: i32, p: usize, len: i32, value: i32): void {
  let s = <i32>(hash(set, p, len) & (SLOTS - 1));
  while (unchecked(slots[s * 4]) != 0) s = (s + 1) & (SLOTS - 1);
  unchecked((slots[s * 4] = set + 1));
  unchecked((slots[s * 4 + 1] = <i32>p));
  unchecked((slots[s * 4 + 2] = len));
  unchecked((slots[s * 4 + 3] = value));
}

/** A list as UTF-8 lines: "word\tN" gives the word the value N, a plain line the value 1. */
function loadList(set: i32, base: usize, len: i32): void {
  let start = 0;
  for (let i = 0; i <= len; i++) {
    if (i < len && load<u8>(base + i) != 10) continue;
    let end = i;
    let value = 1;
    for (let j = start; j < i; j++) {
      if (load<u8>(base + j) != 9) continue;
      end = j;
      value = 0;
      for (let k = j + 1; k < i; k++) value = value * 10 + (<i32>load<u8>(base + k) - 48);
      break;
    }
    if (i > start) insert(set, base + start, end - start, value);
    start = i + 1;
  }
}

for (let set = 0; set < LISTS; set++) loadList(set, listData(set), listLength(set));
