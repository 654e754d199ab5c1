// Cost of the judge card's calibration at full size against the fake judge (300 ms per reply).
//   node --import ./bin/register.mjs scripts/bench/judge-calibration.ts [--latency-ms 300] [--sample 300] [--rpm 500] [--concurrency 8]
// A synthetic full-size answer key (2,046 dyadic + 190 multi-party questions, the published shape)
// is written to a temporary folder and loaded as the server loads a key; its calibration set
// (sample questions per kind x 3 kinds) is judged by the worker's runner with the defaults of a
// deployment (batch 20 by session, JUDGE_CONCURRENCY, JUDGE_RPM as a local gate). Prints calls,
// tokens and wall time.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildCalibrationSet, defaultReplyTokens, promptTemplate } from "../../lib/scoring";
import { loadAnswerKeyDir } from "../../lib/server/answer-key/dataset-folder";
import { judgeCalibrationSet } from "../../lib/server/judge/calibration";
import type { JudgeConfig } from "../../lib/server/judge/config";
import { RequestLimiter } from "../../lib/server/judge/limiter";
import { startFakeJudgeServer } from "../../scripts/dev/fake-judge-server";
import { FULL_SIZE, writeSyntheticDataset } from "../../scripts/dev/synthetic-predictions";

const { values } = parseArgs({
  options: {
    "latency-ms": { type: "string", default: "300" },
    sample: { type: "string", default: "300" },
    rpm: { type: "string", default: "500" },
    concurrency: { type: "string", default: "8" },
  },
});

const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-calibration-bench-"));
try {
  writeSyntheticDataset(dir, FULL_SIZE, 7);
  const { questions } = loadAnswerKeyDir(dir);
  const sample = Number(values.sample);
  const fake = await startFakeJudgeServer({ latencyMs: Number(values["latency-ms"]) });
  const config: JudgeConfig = {
    baseURL: fake.baseURL,
    apiKey: "bench",
    model: "fake-judge",
    batchSize: 20,
    concurrency: Number(values.concurrency),
    timeoutMs: 30_000,
    maxRetries: 5,
    rpm: Number(values.rpm),
    maxTokens: defaultReplyTokens(20),
    prompt: promptTemplate(),
  };
  const items = buildCalibrationSet(questions, { sample, seed: 1 }).length;
  const limiter = new RequestLimiter(config.concurrency, config.rpm);
  const started = Date.now();
  const run = await judgeCalibrationSet({ questions, sample, seed: 1, config, limiter });
  const wall = Date.now() - started;
  await fake.close();
  const judged = run.results.filter((r) => r.score !== null).length;
  console.log(
    JSON.stringify(
      {
        keyQuestions: questions.length,
        samplePerKind: sample,
        answersJudged: `${judged} of ${items}`,
        latencyMs: Number(values["latency-ms"]),
        concurrency: config.concurrency,
        rpm: config.rpm,
        calls: run.usage.calls,
        promptTokens: run.usage.promptTokens,
        completionTokens: run.usage.completionTokens,
        wallSeconds: Math.round(wall / 100) / 10,
        stopReason: run.stopReason,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
