// A new token is printed once, since only its sha-256 is stored.
import type { Command } from "commander";
import {
  DEFAULT_TOKEN_DAYS,
  DEFAULT_TOKEN_SCOPES,
  MAX_TOKEN_DAYS,
  splitScopes,
  TOKEN_SCOPES,
  tokenState,
} from "../../lib/validation/api-token";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

async function userId(email: string): Promise<string> {
  const { findUserByEmail } = await import("../../lib/server/auth/users");
  const { AppError } = await import("../../lib/server/errors");
  const user = await findUserByEmail(email);
  if (!user) throw new AppError("NOT_FOUND", `No user with email ${email}`);
  return user.id;
}

export function register(program: Command): void {
  const group = program.command("token").description(describeCommand("token"));
  group
    .command("create")
    .description("Create a token for a user and print it (it is shown only once).")
    .requiredOption("--email <email>", "the token's owner")
    .requiredOption("--name <name>", "what the token is for, e.g. ci")
    .option(
      "--scopes <list>",
      `comma-separated, of ${TOKEN_SCOPES.join(", ")} (admin only for administrators)`,
      DEFAULT_TOKEN_SCOPES.join(","),
    )
    .option(
      "--expires-days <n>",
      `days until the token stops working (1-${MAX_TOKEN_DAYS}, or "never": until revoked)`,
      String(DEFAULT_TOKEN_DAYS),
    )
    .action(async (opts: { email: string; name: string; scopes: string; expiresDays: string }) =>
      withDb(async () => {
        const { createApiToken } = await import("../../lib/server/auth/api-tokens");
        const input = {
          name: opts.name,
          scopes: splitScopes(opts.scopes),
          expiresDays: opts.expiresDays === "never" ? null : Number(opts.expiresDays),
        };
        const { token, info } = await createApiToken(await userId(opts.email), input, null);
        const expiry = info.expiresAt ? `expires ${info.expiresAt.toISOString()}` : "does not expire";
        process.stderr.write(
          `Created token "${info.name}" (${info.id}; scopes ${info.scopes.join(",")}; ${expiry}). Store it now: it cannot be shown again.\n`,
        );
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
          const state = tokenState(t);
          const expiry = t.expiresAt ? `expires ${t.expiresAt.toISOString()}` : "no expiry";
          process.stdout.write(
            `${t.id}  ${t.name}  scopes ${t.scopes.join(",")}  created ${t.createdAt.toISOString()}  ${expiry}  last used ${t.lastUsedAt?.toISOString() ?? "never"}  ${state}\n`,
          );
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
