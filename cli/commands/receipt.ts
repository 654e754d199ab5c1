// `h2hmem receipt verify`: the work is in receipt-verify.ts, loaded only when the command runs.
import type { Command } from "commander";
import { CliExit } from "../errors";
import type { ReceiptVerifyOptions } from "./receipt-verify";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  const group = program.command("receipt").description(describeCommand("receipt"));
  group
    .command("verify")
    .description(
      "Check a receipt's signature against the leaderboard's keys (offline with a saved JWKS) and, given the prediction files, that they are the files that were scored. Exit 0 valid, 1 not.",
    )
    .argument("<file>", "the receipt (a .jws file, as GET /api/v1/entries/{id}/receipt returns it)")
    .option(
      "--jwks <url|file>",
      "the signing keys: a saved /.well-known/jwks.json or its URL (default: the receipt issuer's)",
    )
    .option("--dyadic <file>", "prediction_dyadic.json: check it is the file the receipt names")
    .option("--multiparty <file>", "prediction_multiparty.json: check it is the file the receipt names")
    .option("--json", "print one JSON object instead of the summary")
    .action(async (file: string, opts: ReceiptVerifyOptions) => {
      const { runReceiptVerify } = await import("./receipt-verify");
      throw new CliExit(await runReceiptVerify(file, opts));
    });
}
