import type { Metadata } from "next";
import Link from "next/link";
import { AnswerKeyVersions } from "../_components/answer-key-versions";

export const metadata: Metadata = { title: "Answer key versions" };
// Database data: rendered per request (the About page itself is prerendered).
export const dynamic = "force-dynamic";

export default function AnswerKeysPage() {
  return (
    <article className="max-w-3xl space-y-4">
      <p className="text-sm"><Link href="/about#keys-h">← About</Link></p>
      <h1 className="text-2xl font-semibold">Answer key versions</h1>
      <p>Each key with its <code>+key=</code> tag, import date and question count, and which one the board&apos;s numbers belong to.</p>
      <AnswerKeyVersions />
    </article>
  );
}
