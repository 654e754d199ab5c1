import type { Metadata } from "next";
import Link from "next/link";
import { AdminNav } from "@/app/admin/_components/admin-nav";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getAnswerKeyOverview } from "@/lib/server/answer-key/overview";

export const metadata: Metadata = { title: "Answer key" };

// Counts only: the answers themselves are never listed or exported here.
export default async function AnswerKeyPage() {
  await adminPageGuard();
  const o = await getAnswerKeyOverview();
  const active = o.versions.find((v) => v.active);
  const splits = Object.keys(o.active?.perSplit ?? {});
  const categories = [...new Set(o.active?.perCategory.map((c) => c.category) ?? [])];
  return (
    <div className="space-y-4">
      <AdminNav current="/admin/answer-key" />
      <h1 className="text-2xl font-semibold">Answer key</h1>
      {active ? (
        <p data-testid="active-key">
          Active: <strong>{active.label}</strong> · {active.questionCount} questions · imported {active.importedAt.replace("T", " ").slice(0, 19)} UTC · sha256 <code>{active.contentSha256.slice(0, 12)}…</code>
        </p>
      ) : (
        <p>No answer key is active. Import one with <code>npx h2hmem answer-key import &lt;dir&gt;</code>.</p>
      )}
      {o.active ? (
        <table className="text-sm tabular-nums" data-testid="key-counts">
          <caption className="text-left font-medium">Questions per split and category</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className="px-2 py-1">Category</th>
              {splits.map((s) => <th key={s} scope="col" className="px-2 py-1">{s}</th>)}
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-2 py-1 text-left font-normal">{c}</th>
                {splits.map((s) => <td key={s} className="px-2 py-1">{o.active!.perCategory.find((x) => x.split === s && x.category === c)?.n ?? 0}</td>)}
              </tr>
            ))}
            <tr className="font-semibold">
              <th scope="row" className="px-2 py-1 text-left">Total</th>
              {splits.map((s) => <td key={s} className="px-2 py-1">{o.active!.perSplit[s]}</td>)}
            </tr>
          </tbody>
        </table>
      ) : null}
      <h2 className="text-lg font-semibold">All versions</h2>
      <ul className="text-sm">
        {o.versions.map((v) => (
          <li key={v.id}>
            {v.label} · {v.questionCount} questions · imported {v.importedAt.slice(0, 10)} · {v.submissions} submission(s){v.active ? " · active" : ""}
          </li>
        ))}
      </ul>
      <h2 className="text-lg font-semibold">Entries scored under an older key</h2>
      {o.staleEntries.length === 0 ? <p className="text-sm">None.</p> : (
        <ul className="text-sm" data-testid="stale-entries">
          {o.staleEntries.map((s) => (
            <li key={s.id}><Link href={`/admin/submissions/${s.id}`}>{s.methodName}</Link> · {s.reviewState.toLowerCase()} · key {s.keyLabel} (rescore to use the active key)</li>
          ))}
        </ul>
      )}
    </div>
  );
}
