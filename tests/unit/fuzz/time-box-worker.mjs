// Runs the fuzz targets in a worker thread so the test thread can time-box each call and kill
// the worker when one hangs (a synchronous infinite loop or regex backtracking cannot be
// interrupted from inside the thread that runs it).
import { parentPort } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const load = (rel) => tsImport(new URL(rel, import.meta.url).href, import.meta.url);
const [{ parsePredictionFile }, { normalizeCategory }, lexical, { parseJudgeReply }] = await Promise.all([
  load("../../../lib/scoring/validate.ts"),
  load("../../../lib/scoring/categories.ts"),
  load("../../../lib/scoring/lexical/index.ts"),
  load("../../../lib/scoring/judge/parse.ts"),
]);

const tokens = (text, mode, engine) => ({
  content: lexical.tokenize(text, { mode, removeStopwords: true, engine }),
  all: lexical.tokenize(text, { mode, removeStopwords: false, engine }),
});
const lexicalCase = (pred, ref, mode, engine) => ({
  pred: tokens(pred, mode, engine),
  ref: tokens(ref, mode, engine),
  scores: lexical.lexicalScores(pred, ref, { tokenizer: mode, engine }),
  reversed: lexical.lexicalScores(ref, pred, { tokenizer: mode, engine }),
  self: lexical.lexicalScores(pred, pred, { tokenizer: mode, engine }),
});

const targets = {
  validate: (input, opts) => parsePredictionFile(input, opts),
  category: (raw) => [normalizeCategory(raw), normalizeCategory(raw)],
  // Both engines, so that the properties also hold the fast one to the reference.
  lexical: (pred, ref, mode) => ({ fast: lexicalCase(pred, ref, mode, "fast"), reference: lexicalCase(pred, ref, mode, "reference") }),
  judge: (text, ids) => parseJudgeReply(text, ids),
};

parentPort.on("message", ({ id, target, args }) => {
  const t0 = performance.now();
  try {
    const value = targets[target](...args);
    parentPort.postMessage({ id, kind: "ok", value, ms: performance.now() - t0 });
  } catch (e) {
    parentPort.postMessage({ id, kind: "threw", error: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e) });
  }
});
parentPort.postMessage({ id: 0, kind: "ready" });
