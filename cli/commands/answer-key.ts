import type { Command } from "commander";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  const group = program.command("answer-key").description(describeCommand("answer-key"));
  group
    .command("import <dir>")
    .description(
      "Import DIR/{dyadic,multi-party}/dialogueN/scenes/sessionK/questions.json (or .../dialogueN/sessionK/...) and activate it.",
    )
    .option("--label <label>", "a name for this import, e.g. the dataset commit")
    .action(async (dir: string, opts: { label?: string }) =>
      withDb(async () => {
        const { importAnswerKey } = await import("../../lib/server/operations/import-answer-key");
        const r = await importAnswerKey(dir, opts.label);
        process.stdout.write(
          `${r.created ? "Imported" : "Already imported"} answer key ${r.versionId}: ${r.questionCount} questions from ${r.fileCount} files; now active.\n`,
        );
        const a = r.activation;
        if (a?.pinned)
          process.stdout.write(
            `The public board stays on scorer version ${a.pinned} (pinned) until an administrator publishes another on /admin/rescore.\n`,
          );
        if (a && a.requeued.length > 0)
          process.stdout.write(
            `Queued ${a.requeued.length} approved and pending submissions for re-scoring under the new key.\n`,
          );
        for (const w of r.warnings) process.stdout.write(`warning ${w.code} ${w.file} ${w.path}: ${w.message}\n`);
      }),
    );
}
