// Local file limits of the CLI (their own module so that `--help` can show them without loading
// the readers and the validator).

/**
 * Local files are read whole, so their size is capped: a full submission is ~1 MB (2,236
 * predictions); 256 MiB holds ~590,000 typical predictions (contract: at least 100,000), and
 * scoring that takes ~1.8 GB of memory (docs/BENCHMARKS.md).
 */
export const LOCAL_MAX_BYTES = 256 * 1024 * 1024;
export const LOCAL_LIMITS = { maxItems: 10_000_000, maxBytes: LOCAL_MAX_BYTES };
