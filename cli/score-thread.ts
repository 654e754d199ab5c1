// A scoring thread of `h2hmem score` (score-pool.ts starts it from the CLI's own entry file):
// it claims chunks of each stage the main thread posts until none is left (score-chunks.ts).
import { parentPort } from "node:worker_threads";
import { bootstrapChunk, claimChunks, lexicalChunk, type BootstrapStage, type LexicalStage } from "./score-chunks";

parentPort!.on("message", (stage: LexicalStage | BootstrapStage) => {
  if (stage.stage === "lexical") claimChunks(stage.ctl, stage.chunks, (k) => lexicalChunk(stage, k), true);
  else claimChunks(stage.ctl, stage.chunks, (k) => bootstrapChunk(stage, k), true);
});
