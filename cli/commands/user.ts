// `--password P` warns: argv is visible to every local user.
import type { Command } from "commander";
import { readSecret } from "../secrets";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

export function register(program: Command): void {
  const group = program.command("user").description(describeCommand("user"));
  group
    .command("create")
    .description("Create an email + password account.")
    .requiredOption("--email <email>", "login email")
    .option(
      "--password <password>",
      "prefer H2HMEM_PASSWORD or the prompt (at least 10 characters, at most 72 bytes, not the email)",
    )
    .option("--name <name>", "display name")
    .option("--admin", "give the ADMIN role (review submissions)")
    .action(async (opts: { email: string; password?: string; name?: string; admin?: boolean }) =>
      withDb(async () => {
        const password = await readSecret({
          flag: opts.password,
          flagName: "--password",
          envName: "H2HMEM_PASSWORD",
          label: "password",
          confirm: true,
        });
        const { createUser } = await import("../../lib/server/auth/users");
        const u = await createUser({
          email: opts.email,
          password,
          name: opts.name,
          role: opts.admin ? "ADMIN" : "SUBMITTER",
        });
        process.stdout.write(`Created ${u.role} ${u.email} (${u.id}).\n`);
      }),
    );
}
