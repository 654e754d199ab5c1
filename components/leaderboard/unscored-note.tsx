import Link from "next/link";
import { versionCoverage } from "@/lib/server/versions/published-version";

const SHOWN = 20;

/**
 * Approved entries without scores under the published scorer version (e.g. approved since a new
 * judge was rolled out, or not re-judged before a forced switch) are not ranked; the board says
 * so, with their names, instead of leaving them silently missing.
 */
export async function UnscoredNote({ version }: { version: string }) {
  const { missing } = await versionCoverage(version);
  if (missing.length === 0) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="unscored-note" role="note">
      <strong>{missing.length}</strong> approved {missing.length === 1 ? "entry is" : "entries are"} not yet scored under this scorer version and not
      ranked:{" "}
      {missing.slice(0, SHOWN).map((m, i) => (
        <span key={m.id}>
          {i > 0 ? ", " : ""}
          <Link href={`/entries/${m.id}`}>{m.methodName}</Link>
        </span>
      ))}
      {missing.length > SHOWN ? ` and ${missing.length - SHOWN} more` : ""}.
    </p>
  );
}
