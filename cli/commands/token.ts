// `h2hmem token create --email E --name N` prints a new API token once; `token list` and
// `token revoke` manage existing ones. Only the token's sha-256 is stored.
import type { Command } from "commander";
import { withDb } from "./server-db";

async function userId(email: string): Promise<string> {
  const { findUserByEmail } = await import("../../lib/server/auth/users");
  const { AppError } = await import("../../lib/server/errors");
  const user = await findUserByEmail(email);
  if (!user) throw new AppError("NOT_FOUND", `No user with email ${email}`);
  return user.id;
}

export function register(program: Command): void {
  const group = program.command("token").description("Manage API tokens for `submit` and the HTTP API (needs DATABASE_URL).");
  group
    .command("create")
    .description("Create a token for a user and print it (it is shown only once).")
    .requiredOption("--email <email>", "the token's owner")
    .requiredOption("--name <name>", "what the token is for, e.g. ci")
    .action(async (opts: { email: string; name: string }) =>
      withDb(async () => {
        const { createApiToken } = await import("../../lib/server/auth/api-tokens");
        const { token, info } = await createApiToken(await userId(opts.email), opts.name, null);
        process.stderr.write(`Created token "${info.name}" (${info.id}). Store it now: it cannot be shown again.\n`);
        process.stdout.write(`${token}\n`);
      }),
    );
  group
    .command("list")
    .requiredOption("--email <email>", "the tokens' owner")
    .action(async (opts: { email: string }) =>
      withDb(async () => {
        const { listApiTokens } = await import("../../lib/server/auth/api-tokens");
        for (const t of await listApiTokens(await userId(opts.email))) {
          const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : "active";
          process.stdout.write(`${t.id}  ${t.name}  created ${t.createdAt.toISOString()}  last used ${t.lastUsedAt?.toISOString() ?? "never"}  ${state}\n`);
        }
      }),
    );
  group
    .command("revoke")
    .requiredOption("--email <email>", "the token's owner")
    .requiredOption("--id <id>", "token id (see token list)")
    .action(async (opts: { email: string; id: string }) =>
      withDb(async () => {
        const { revokeApiToken } = await import("../../lib/server/auth/api-tokens");
        await revokeApiToken(await userId(opts.email), opts.id, null);
        process.stdout.write(`Revoked ${opts.id}.\n`);
      }),
    );
}
