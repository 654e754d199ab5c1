import { CATEGORIES } from "@/lib/scoring/types";
import { significantWins, type PairComparison } from "@/lib/server/leaderboard/compare";
import { fmt } from "@/components/ui/format";

/** Per entry: the scopes where it is significantly better than another entry (paired bootstrap). */
export function SignificantWins({ pairs, entries }: { pairs: PairComparison[]; entries: Array<{ id: string; methodName: string }> }) {
  const name = (id: string) => entries.find((e) => e.id === id)?.methodName ?? id;
  return (
    <section aria-labelledby="wins-h" className="space-y-2" data-testid="significant-wins">
      <h2 id="wins-h" className="text-lg font-semibold">Where each entry is significantly better</h2>
      <ul className="space-y-2">
        {entries.map((e) => {
          const wins = significantWins(pairs, e.id);
          return (
            <li key={e.id}>
              <strong>{e.methodName}</strong>:{" "}
              {wins.length === 0
                ? "no category where it is significantly better."
                : wins.map((w, i) => (
                    <span key={`${w.scope}-${w.over}`}>
                      {i > 0 ? "; " : ""}
                      {w.scope === "ALL" ? "all questions" : <abbr title={CATEGORIES[w.scope].name}>{w.scope}</abbr>} over {name(w.over)} (+{fmt(w.diff)}, p {w.pValue < 0.001 ? "< 0.001" : `= ${w.pValue.toFixed(3)}`})
                    </span>
                  ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
