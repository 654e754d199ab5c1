// The scoring engine's entry point for Node consumers (server, worker, CLI, scripts). Outside
// lib/scoring, import only from here, `@/lib/scoring/types` (vocabulary, browser-safe) or
// `@/lib/scoring/validate` (the browser's validator); eslint.config.mjs enforces it.
export * from "./types";
export * from "./categories";
export * from "./issues";
export * from "./issue-codes";
export * from "./submission-schema";
export { parsePredictionFile, splitForFileName, type ParsedFile, type ParseOptions } from "./validate";
export { lineColumn } from "./json-text";
export { normalizeText, imageBaseName } from "./text-normalize";
export * from "./answer-key";
export * from "./example-file";
export * from "./match";
export * from "./aggregate";
export {
  bootstrapMeans,
  pairedBootstrap,
  percentileInterval,
  quantileSorted,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
} from "./bootstrap";
export { mulberry32 } from "./prng";
export * from "./ranking";
export * from "./scorer-version";
export * from "./score-submission";
export * from "./lexical";
export * from "./judge";
export { isRefusal, isEmptyAnswer } from "./refusal";
export * from "./failure-profile";
export * from "./judge-card";
