import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvCache } from "../../../../lib/server/env";
import { isPanelConfigured, judgeConfigFromEnv, panelConfigFromEnv } from "../../../../lib/server/judge/config";

// The judge card's second judge: its own endpoint, model and key; the primary judge's prompt and limits.

const base = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/x",
  JUDGE_BASE_URL: "http://127.0.0.1:1/v1",
  JUDGE_MODEL: "judge-a",
  JUDGE_BATCH_SIZE: "10",
};
const withEnv = (vars: Record<string, string>) => {
  for (const [k, v] of Object.entries({ ...base, ...vars })) vi.stubEnv(k, v);
  resetEnvCache();
};

describe("second-judge panel configuration", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("is off without JUDGE_PANEL_BASE_URL; the calibration sample defaults to 300", () => {
    withEnv({});
    expect(isPanelConfigured()).toBe(false);
    expect(() => panelConfigFromEnv()).toThrow(/JUDGE_PANEL_BASE_URL/);
    expect(env.JUDGE_CALIBRATION_SAMPLE).toBe(300);
  });

  it("takes its endpoint, model and key, and the primary judge's prompt and batch size", () => {
    withEnv({
      JUDGE_PANEL_BASE_URL: "http://127.0.0.1:2/v1",
      JUDGE_PANEL_MODEL: "judge-b",
      JUDGE_PANEL_API_KEY: "sk-b",
      JUDGE_CALIBRATION_SAMPLE: "50",
    });
    const p = panelConfigFromEnv();
    const j = judgeConfigFromEnv();
    expect(p).toMatchObject({ baseURL: "http://127.0.0.1:2/v1", model: "judge-b", apiKey: "sk-b", batchSize: 10 });
    expect(p.prompt.version).toBe(j.prompt.version);
    expect(env.JUDGE_CALIBRATION_SAMPLE).toBe(50);
  });

  it("refuses a base URL without a model, and the demo judge's reserved name", () => {
    withEnv({ JUDGE_PANEL_BASE_URL: "http://127.0.0.1:2/v1" });
    expect(() => env.JUDGE_PANEL_BASE_URL).toThrow(/JUDGE_PANEL_MODEL/);
    withEnv({ JUDGE_PANEL_BASE_URL: "http://127.0.0.1:2/v1", JUDGE_PANEL_MODEL: "h2hmem-demo-judge" });
    expect(() => env.JUDGE_PANEL_MODEL).toThrow(/reserved/);
  });
});
