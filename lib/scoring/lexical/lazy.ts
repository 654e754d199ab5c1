// Tables the reference engine builds on first use instead of at import: the fast engine (fast/)
// has its own, so most processes that load the lexical code never need them (a cold CLI run paid
// ~5 ms and a few hundred page faults to build them at start).

/** A value made on first use. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
