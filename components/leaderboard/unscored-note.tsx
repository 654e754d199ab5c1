import Link from "next/link";
import { useTranslations } from "next-intl";
import { unscoredEntries, type UnscoredReason } from "@/lib/server/leaderboard/board-status";

const SHOWN = 20;

type Missing = Array<{ id: string; methodName: string; reason?: UnscoredReason }>;
// One sentence per reason, so an entry scored under the version being prepared never reads "not yet scored".
const REASONS: UnscoredReason[] = ["pendingVersion", "scoring", "otherVersion", "notScored"];

/** Approved entries without scores under the published version are named, not silently missing. */
export async function UnscoredNote({ version }: { version: string }) {
  const missing = await unscoredEntries(version);
  return missing.length === 0 ? null : <UnscoredNoteText missing={missing} />;
}

export function UnscoredNoteText({ missing }: { missing: Missing }) {
  if (missing.length === 0) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="unscored-note" role="note">
      {REASONS.map((reason) => {
        const group = missing.filter((m) => (m.reason ?? "notScored") === reason);
        return group.length === 0 ? null : <ReasonLine key={reason} reason={reason} group={group} />;
      })}
    </div>
  );
}

function ReasonLine({ reason, group }: { reason: UnscoredReason; group: Missing }) {
  const t = useTranslations("board");
  const tb = useTranslations("boardStatus");
  const names = group.slice(0, SHOWN).map((m, i) => (
    <span key={m.id}>
      {i > 0 ? ", " : ""}
      <Link href={`/entries/${m.id}`}>{m.methodName}</Link>
    </span>
  ));
  const values = {
    count: group.length,
    more: Math.max(0, group.length - SHOWN),
    names: () => names,
    strong: (c: React.ReactNode) => <strong>{c}</strong>,
  };
  return (
    <p data-testid={`unscored-${reason}`}>
      {reason === "notScored" ? t.rich("unscored", values) : tb.rich(`unscored.${reason}`, values)}
    </p>
  );
}
