import type { Metadata } from "next";
import Link from "next/link";
import { mailConfigured } from "@/lib/server/mail";
import { ResendForm } from "../forms";

export const metadata: Metadata = { title: "Resend confirmation" };
// Depends on the deployment's mail settings, read at request time (not at build).
export const dynamic = "force-dynamic";

export default function ResendPage() {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-semibold">Resend the confirmation link</h1>
      {mailConfigured() ? <ResendForm /> : <p>This leaderboard sends no mail: accounts need no confirmation.</p>}
      <p className="text-sm">
        <Link href="/signin" className="underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
