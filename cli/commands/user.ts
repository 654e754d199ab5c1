// `h2hmem user create --email E --password P [--admin] [--name N]`.
import type { Command } from "commander";
import { withDb } from "./server-db";

export function register(program: Command): void {
  const group = program.command("user").description("Manage accounts (needs DATABASE_URL).");
  group
    .command("create")
    .description("Create an email + password account.")
    .requiredOption("--email <email>", "login email")
    .requiredOption("--password <password>", "at least 8 characters")
    .option("--name <name>", "display name")
    .option("--admin", "give the ADMIN role (review submissions)")
    .action(async (opts: { email: string; password: string; name?: string; admin?: boolean }) =>
      withDb(async () => {
        const { createUser } = await import("../../lib/server/auth/users");
        const u = await createUser({ email: opts.email, password: opts.password, name: opts.name, role: opts.admin ? "ADMIN" : "SUBMITTER" });
        process.stdout.write(`Created ${u.role} ${u.email} (${u.id}).\n`);
      }),
    );
}
