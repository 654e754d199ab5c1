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

const tokens = (text, mode, nltk) => ({
  content: lexical.tokenize(text, { mode, nltk, removeStopwords: true }),
  all: lexical.tokenize(text, { mode, nltk, removeStopwords: false }),
});
const lexicalCase = (pred, ref, mode, nltk) => ({
  pred: tokens(pred, mode, nltk),
  ref: tokens(ref, mode, nltk),
  scores: lexical.lexicalScores(pred, ref, { tokenizer: mode, nltk }),
  reversed: lexical.lexicalScores(ref, pred, { tokenizer: mode, nltk }),
  self: lexical.lexicalScores(pred, pred, { tokenizer: mode, nltk }),
});

const targets = {
  validate: (input, opts) => parsePredictionFile(input, opts),
  category: (raw) => [normalizeCategory(raw), normalizeCategory(raw)],
  // Both NLTK versions, so that the properties can also compare them.
  lexical: (pred, ref, mode) => ({
    3.5: lexicalCase(pred, ref, mode, "3.5"),
    3.8: lexicalCase(pred, ref, mode, "3.8"),
  }),
  judge: (text, ids) => parseJudgeReply(text, ids),
};

parentPort.on("message", ({ id, target, args }) => {
  const t0 = performance.now();
  try {
    const value = targets[target](...args);
    parentPort.postMessage({ id, kind: "ok", value, ms: performance.now() - t0 });
  } catch (e) {
    parentPort.postMessage({
      id,
      kind: "threw",
      error: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e),
    });
  }
});
parentPort.postMessage({ id: 0, kind: "ready" });
