import { z } from "zod";

// Self-service sign-up, parsed the same way in the browser (instant feedback) and in the
// server action (the authority). Emails are stored lower-cased, as sign-in looks them up.

export const PASSWORD_MIN_LENGTH = 10;

export const emailSchema = z.string().trim().toLowerCase().email("Enter a valid email address").max(320, "Email is too long");

export const signupSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(1000, "Password is too long"),
  })
  .refine((v) => v.password.trim().toLowerCase() !== v.email, { path: ["password"], message: "The password must not be your email address" });

export type SignupInput = z.input<typeof signupSchema>;

/** The first message per field, for forms. */
export function fieldErrors(error: z.ZodError): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const i of error.issues) out[String(i.path[0] ?? "form")] ??= i.message;
  return out;
}
