// Growable lists in linear memory. The stub runtime never frees, so a list only grows (to the
// largest text seen) and is reused for every text after that.

/** A list of i32 (token ranges, sentence ranges, ids). */
export class Ints {
  ptr: usize;
  cap: i32;
  n: i32 = 0;

  constructor(cap: i32) {
    this.ptr = heap.alloc(<usize>cap << 2);
    this.cap = cap;
  }

  push(v: i32): void {
    if (this.n == this.cap) this.reserve(this.cap << 1);
    store<i32>(this.ptr + (<usize>this.n << 2), v);
    this.n++;
  }

  push2(a: i32, b: i32): void {
    if (this.n + 2 > this.cap) this.reserve(this.cap << 1);
    const p = this.ptr + (<usize>this.n << 2);
    store<i32>(p, a);
    store<i32>(p, b, 4);
    this.n += 2;
  }

  at(i: i32): i32 {
    return load<i32>(this.ptr + (<usize>i << 2));
  }

  put(i: i32, v: i32): void {
    store<i32>(this.ptr + (<usize>i << 2), v);
  }

  /** Room for at least `cap` entries (contents kept). */
  reserve(cap: i32): void {
    if (cap <= this.cap) return;
    this.ptr = heap.realloc(this.ptr, <usize>cap << 2);
    this.cap = cap;
  }
}

/** A byte buffer of at least `size` bytes (contents not kept when it grows). */
export class Bytes {
  ptr: usize;
  cap: i32;

  constructor(cap: i32) {
    this.ptr = heap.alloc(<usize>cap);
    this.cap = cap;
  }

  ensure(size: i32): usize {
    if (size > this.cap) {
      heap.free(this.ptr);
      this.cap = size > this.cap << 1 ? size : this.cap << 1;
      this.ptr = heap.alloc(<usize>this.cap);
    }
    return this.ptr;
  }
}
