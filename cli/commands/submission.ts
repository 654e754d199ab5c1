// The only delete path for a submission (a data-protection request); the web and the API never delete.
import type { Command } from "commander";
import { UsageError } from "../errors";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  const group = program.command("submission").description(describeCommand("submission"));
  group
    .command("purge")
    .description(
      "Delete a submission with its files and scores for a data-protection request (audited; leaves no tombstone). To take an entry off the board, unpublish it instead.",
    )
    .argument("<id>", "submission id")
    .requiredOption("--reason <text>", "the data-protection request (recorded in the audit trail)")
    .option("--yes", "confirm the deletion (required)")
    .action(async (id: string, opts: { reason: string; yes?: boolean }) => {
      if (!opts.yes)
        throw new UsageError(
          "purge deletes the submission for good: pass --yes to confirm (to take an entry off the board, unpublish it instead).",
        );
      return withDb(async () => {
        const { purgeSubmission } = await import("../../lib/server/review/purge");
        const r = await purgeSubmission({ submissionId: id, reason: opts.reason });
        process.stdout.write(
          `Deleted submission ${r.id} ("${r.methodName}", ${r.reviewState.toLowerCase()}); audited as submission.purge.\n`,
        );
      });
    });
}
