import type { Command } from "commander";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  const group = program.command("demo").description(describeCommand("demo"));
  group
    .command("remove")
    .description("Delete every demo entry (marked by the seed), one audit event each.")
    .action(async () =>
      withDb(async () => {
        const { removeDemoEntries } = await import("../../lib/server/answer-key/demo-remove");
        const r = await removeDemoEntries();
        process.stdout.write(
          `Removed ${r.removed.length} demo entr${r.removed.length === 1 ? "y" : "ies"}${r.removed.length ? `: ${r.removed.map((s) => s.methodName).join(", ")}` : ""}.\n`,
        );
        if (r.accounts.length)
          process.stdout.write(
            `Removed the demo account${r.accounts.length === 1 ? "" : "s"} ${r.accounts.join(", ")}.\n`,
          );
      }),
    );
}
