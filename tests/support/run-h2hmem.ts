// Runs the real CLI launcher (`node bin/h2hmem.mjs ...`) and resolves with its exit code and output.
import { execFile } from "node:child_process";
import path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "../..");

export function runH2hmem(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "bin/h2hmem.mjs"), ...args],
      { cwd: REPO_ROOT, maxBuffer: 256 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}
