import Link from "next/link";
import { useTranslations } from "next-intl";
import { versionCoverage } from "@/lib/server/versions/published-version";

const SHOWN = 20;

type Missing = Array<{ id: string; methodName: string }>;

/**
 * Approved entries without scores under the published scorer version (e.g. approved since a new
 * judge was rolled out, or not re-judged before a forced switch) are not ranked; the board says
 * so, with their names, instead of leaving them silently missing.
 */
export async function UnscoredNote({ version }: { version: string }) {
  const { missing } = await versionCoverage(version);
  return missing.length === 0 ? null : <UnscoredNoteText missing={missing} />;
}

/** The note itself (nothing when every approved entry is scored). */
export function UnscoredNoteText({ missing }: { missing: Missing }) {
  const t = useTranslations("board");
  if (missing.length === 0) return null;
  const names = missing.slice(0, SHOWN).map((m, i) => (
    <span key={m.id}>
      {i > 0 ? ", " : ""}
      <Link href={`/entries/${m.id}`}>{m.methodName}</Link>
    </span>
  ));
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="unscored-note" role="note">
      {t.rich("unscored", {
        count: missing.length,
        more: Math.max(0, missing.length - SHOWN),
        names: () => names,
        strong: (c) => <strong>{c}</strong>,
      })}
    </p>
  );
}
