import type { Metadata } from "next";
import Link from "next/link";
import { peekConfirmation } from "@/lib/server/auth/signup";
import { ConfirmForm } from "../forms";

export const metadata: Metadata = { title: "Confirm your email", referrer: "no-referrer" };

// Opening the link changes nothing (mail scanners prefetch links); the account is activated
// by the form below, which needs the password chosen at sign-up.
export default async function ConfirmPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const pending = await peekConfirmation(token);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">Confirm your email</h1>
      {pending ? (
        <ConfirmForm token={token} email={pending.email} />
      ) : (
        <p role="alert" data-testid="confirm-invalid">
          This confirmation link is invalid, already used or older than 24 hours.{" "}
          <Link href="/signup/resend" className="underline">
            Ask for a new one
          </Link>{" "}
          or{" "}
          <Link href="/signin" className="underline">
            sign in
          </Link>
          .
        </p>
      )}
    </div>
  );
}
