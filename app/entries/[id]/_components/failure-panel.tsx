import { CATEGORIES, CATEGORY_CODES } from "@/lib/scoring/types";
import type { FailureProfile } from "@/lib/scoring/types";
import { fmt, fmtPct } from "@/components/ui/format";

const pct = (v: number | null) => fmtPct(v, 1);

/** Compact failure profile: refusals (missed and over-), empty answers, answer length, recall-precision gap per category. */
export function FailurePanel({ profile }: { profile: FailureProfile | null }) {
  if (!profile) return <p data-testid="failure-profile-none">No failure profile under this scorer version yet.</p>;
  const cats = CATEGORY_CODES.filter((c) => profile.byCategory[c]);
  const facts: Array<[string, string, string]> = [
    ["refusal", "Refused", pct(profile.refusalRate)],
    ["missed", "Missed refusals (Answer Refusal questions answered)", pct(profile.missedRefusalRate)],
    ["over", "Over-refusals (other questions refused)", pct(profile.overRefusalRate)],
    ["empty", "Empty answers", pct(profile.emptyRate)],
    ["tokens", "Answer length, median / p90 (tokens)", `${fmt(profile.answerTokens.median, 1)} / ${fmt(profile.answerTokens.p90, 1)}`],
  ];
  return (
    <div className="space-y-3" data-testid="failure-profile">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([key, label, value]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800">
            <dt>{label}</dt>
            <dd className="tabular-nums" data-testid={`failure-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Failure profile per category">
        <table className="min-w-full border-collapse text-sm" data-testid="failure-by-category">
          <caption className="mb-1 text-left font-semibold">Per category (both splits)</caption>
          <thead>
            <tr className="border-b border-slate-300 text-right dark:border-slate-700">
              <th scope="col" className="px-2 py-1 text-left">Category</th>
              <th scope="col" className="px-2 py-1">Refused</th>
              <th scope="col" className="px-2 py-1" title="Mean lexical recall minus mean precision: a large gap means long answers with the reference among distractors">Recall − precision</th>
              <th scope="col" className="px-2 py-1">n</th>
            </tr>
          </thead>
          <tbody>
            {cats.map((c) => {
              const r = profile.byCategory[c]!;
              return (
                <tr key={c} className="border-b border-slate-100 text-right tabular-nums dark:border-slate-800">
                  <th scope="row" className="px-2 py-1 text-left font-normal"><abbr title={CATEGORIES[c].name}>{c}</abbr></th>
                  <td className="px-2 py-1">{pct(r.refusalRate)}</td>
                  <td className="px-2 py-1">{r.recallPrecisionGap === null ? "–" : `${r.recallPrecisionGap >= 0 ? "+" : ""}${fmt(r.recallPrecisionGap)}`}</td>
                  <td className="px-2 py-1">{r.n}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">A refusal is an answer that declines for lack of information (&ldquo;Not mentioned&rdquo;, &ldquo;The dialogue does not mention …&rdquo;); the rule is in docs/SCORING.md.</p>
    </div>
  );
}
