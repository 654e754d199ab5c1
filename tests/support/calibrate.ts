import { expect } from "vitest";
import { logger } from "@/lib/server/logger";
import { ensureCalibration } from "@/lib/server/operations/calibration-runs";
import { runCalibrationJob } from "@/workers/processors/judge-calibration";

/** The judge card of the configured judge, as the worker's reconciler and calibration queue make it. */
export async function calibrateCurrentJudge(): Promise<void> {
  const run = await ensureCalibration();
  expect(run).not.toBeNull();
  if (run!.status === "DONE") return;
  expect(await runCalibrationJob(run!.id, logger.child({ test: "calibrate" }))).toBe("DONE");
}
