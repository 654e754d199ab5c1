import "server-only";
import bcrypt from "bcryptjs";
import { z } from "zod";
import { Role } from "@/generated/prisma/enums";
import { emailSchema, passwordNotEmail, passwordSchema } from "@/lib/validation/signup";
import { noControlCharacters } from "@/lib/validation/text";
import { db } from "../db";
import { AppError, zodDetails } from "../errors";

// OWASP's minimum for bcrypt; older hashes are upgraded at the next sign-in.
export const BCRYPT_ROUNDS = 12;

// Compared when a sign-in names no account, so timing does not reveal registered emails.
export const DUMMY_HASH = "$2b$12$l/JK4osGjPpkbq0EqlwH1uIOwh44/cYhkaXVPIW1cTjp0swRdbwKG";

export const newUserSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().max(200).superRefine(noControlCharacters()).optional(),
    role: z.enum(Role).default("SUBMITTER"),
  })
  .refine(...passwordNotEmail);
type NewUser = z.input<typeof newUserSchema>;

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
  // An operator typed the address: it counts as verified (e.g. to open a dispute).
  const row = await db.user.create({
    data: { email: u.email, name: u.name, role: u.role, passwordHash, emailVerified: new Date() },
  });
  return { id: row.id, email: row.email, role: row.role };
}

/** `keepPassword`: the seed must never reset a changed password. */
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

export async function hasPassword(userId: string): Promise<boolean> {
  const row = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return Boolean(row?.passwordHash);
}
