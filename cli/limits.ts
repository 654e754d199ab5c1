// Its own module so that `--help` can show the limits without loading the validator.

/** Local files are read whole, so their size is capped (docs/BENCHMARKS.md). */
export const LOCAL_MAX_BYTES = 256 * 1024 * 1024;
export const LOCAL_LIMITS = { maxItems: 10_000_000, maxBytes: LOCAL_MAX_BYTES };
