import { z } from "zod";

// Parsed alike in the browser and the server action; emails are lower-cased, as sign-in looks them up.

export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads only the first 72 bytes: a longer password would be cut without telling anyone. */
export const PASSWORD_MAX_BYTES = 72;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email("Enter a valid email address")
  .max(320, "Email is too long");

export const passwordSchema = z
  .string({ error: "Enter a password" })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine(
    (p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES,
    `Use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters; accented letters and emoji count 2-4)`,
  );

export const passwordNotEmail: [
  (v: { email: string; password: string }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password.trim().toLowerCase() !== v.email,
  { path: ["password"], message: "The password must not be your email address" },
];

export const signupSchema = z.object({ email: emailSchema, password: passwordSchema }).refine(...passwordNotEmail);

export type SignupInput = z.input<typeof signupSchema>;

export function fieldErrors(error: z.ZodError): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const i of error.issues) out[String(i.path[0] ?? "form")] ??= i.message;
  return out;
}
