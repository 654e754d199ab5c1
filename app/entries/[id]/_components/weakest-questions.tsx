import { CATEGORIES, CATEGORY_CODES, DIFFICULTIES, SPLITS } from "@/lib/scoring/types";
import type { WeakestFilter, WeakQuestion } from "@/lib/server/leaderboard/weakest-questions";
import { fmt, SPLIT_LABELS } from "@/components/ui/format";

type Props = { entryId: string; filter: WeakestFilter; metric: "judge" | "f1"; rows: WeakQuestion[]; keep: Record<string, string> };

function Choice({ id, name, label, value, any, options }: { id: string; name: string; label: string; value: string | undefined; any: string; options: Array<[string, string]> }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm">{label}</label>
      <select id={id} name={name} defaultValue={value ?? ""} className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900">
        <option value="">{any}</option>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </div>
  );
}

/** Lowest-scoring questions with reference, answer, lexical scores and the judge's reasoning (a GET form: works without JS). */
export function WeakestQuestions({ entryId, filter, metric, rows, keep }: Props) {
  return (
    <section id="weakest" aria-labelledby="weakest-h" className="space-y-3" data-testid="weakest-questions">
      <h2 id="weakest-h" className="text-lg font-semibold">Where it fails</h2>
      <p className="text-sm">The lowest-scoring questions by {metric === "judge" ? "LLM-judge score" : "F1"} (visible to the owner and administrators).</p>
      <form method="get" action={`/entries/${entryId}#weakest`} className="flex flex-wrap items-end gap-3">
        {Object.entries(keep).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
        <Choice id="w-cat" name="wcat" label="Category" value={filter.category} any="All categories" options={CATEGORY_CODES.map((c) => [c, `${c}: ${CATEGORIES[c].name}`])} />
        <Choice id="w-diff" name="wdiff" label="Difficulty" value={filter.difficulty} any="Any" options={DIFFICULTIES.map((d) => [d, d])} />
        <Choice id="w-split" name="wsplit" label="Split" value={filter.split} any="Both" options={SPLITS.map((x) => [x, SPLIT_LABELS[x] ?? x])} />
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">Show</button>
      </form>
      {rows.length === 0 ? <p data-testid="weakest-none">No scored question matches.</p> : (
        <ol className="space-y-3">
          {rows.map((q) => (
            <li key={`${q.split}/${q.index}`} className="rounded border border-slate-200 p-3 text-sm dark:border-slate-800" data-testid="weak-question">
              <p className="font-medium">{q.questionText}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">{SPLIT_LABELS[q.split] ?? q.split} #{q.index} · {q.category}{q.difficulty ? ` · ${q.difficulty}` : ""}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt>Reference</dt><dd>{q.referenceAnswer}</dd>
                <dt>Answer</dt><dd>{q.systemAnswer || <em>(empty)</em>}</dd>
                <dt>Scores</dt>
                <dd className="tabular-nums">judge {fmt(q.judgeScore, 2)} · F1 {fmt(q.f1)} · BLEU-1 {fmt(q.bleu1)} · precision {fmt(q.precision)} · recall {fmt(q.recall)}</dd>
                {q.judgeReasoning ? <><dt>Judge</dt><dd>{q.judgeReasoning}</dd></> : null}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
