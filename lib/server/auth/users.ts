import "server-only";
import bcrypt from "bcryptjs";
import { z } from "zod";
import { Role } from "@/generated/prisma/enums";
import { emailSchema, passwordNotEmail, passwordSchema } from "@/lib/validation/signup";
import { db } from "../db";
import { AppError, zodDetails } from "../errors";

// Local (email + password) accounts for the CLI and the seed. Emails are stored lower-cased,
// as the sign-in form looks them up.

// OWASP's minimum for bcrypt; ~0.25 s per hash on one core. Older hashes (10) are upgraded at
// the next successful sign-in (lib/server/auth/config.ts).
export const BCRYPT_ROUNDS = 12;

// Compared when a sign-in names no account, so response time does not reveal which emails are
// registered; of the same cost (tests/unit/server/auth/passwords.test.ts). Nobody knows its password.
export const DUMMY_HASH = "$2b$12$l/JK4osGjPpkbq0EqlwH1uIOwh44/cYhkaXVPIW1cTjp0swRdbwKG";

// The password rule is the sign-up one (lib/validation/signup.ts): one rule for web and CLI.
export const newUserSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().max(200).optional(),
    role: z.enum(Role).default("SUBMITTER"),
  })
  .refine(...passwordNotEmail);
export type NewUser = z.input<typeof newUserSchema>;

function parse(input: NewUser) {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "Invalid user", { details: zodDetails(parsed.error.issues, input) });
  }
  return parsed.data;
}

export async function createUser(input: NewUser): Promise<{ id: string; email: string; role: string }> {
  const u = parse(input);
  const existing = await db.user.findUnique({ where: { email: u.email } });
  if (existing) throw new AppError("CONFLICT", `A user with email ${u.email} already exists`);
  const passwordHash = await bcrypt.hash(u.password, BCRYPT_ROUNDS);
  const row = await db.user.create({ data: { email: u.email, name: u.name, role: u.role, passwordHash } });
  return { id: row.id, email: row.email, role: row.role };
}

/** Idempotent: creates the user, or sets role and password (only re-hashed when it changed). */
/** `keepPassword`: an existing account keeps its password (the seed must never reset a changed one). */
export async function ensureUser(
  input: NewUser,
  opts: { keepPassword?: boolean } = {},
): Promise<{ id: string; email: string; role: string; created: boolean }> {
  const u = parse(input);
  const existing = await db.user.findUnique({ where: { email: u.email } });
  if (!existing) return { ...(await createUser(input)), created: true };
  const same =
    opts.keepPassword || (existing.passwordHash ? await bcrypt.compare(u.password, existing.passwordHash) : false);
  const row = await db.user.update({
    where: { id: existing.id },
    data: {
      role: u.role,
      name: u.name ?? existing.name,
      ...(same ? {} : { passwordHash: await bcrypt.hash(u.password, BCRYPT_ROUNDS) }),
    },
  });
  return { id: row.id, email: row.email, role: row.role, created: false };
}

export async function findUserByEmail(email: string) {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
}

/** An account that owns system data (e.g. demo entries) and cannot sign in (no password). */
export async function ensureSystemUser(email: string, name: string): Promise<{ id: string; email: string }> {
  const row = await db.user.upsert({
    where: { email: email.toLowerCase() },
    create: { email: email.toLowerCase(), name, role: "SUBMITTER", passwordHash: null },
    update: { name },
  });
  return { id: row.id, email: row.email };
}

/** Whether the account signs in with a password (else only with GitHub). */
export async function hasPassword(userId: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return Boolean(row?.passwordHash);
}
