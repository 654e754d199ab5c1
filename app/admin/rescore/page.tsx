import type { Metadata } from "next";
import { AdminNav } from "@/components/admin/admin-nav";
import { JudgeRescoreTable } from "@/components/admin/judge-rescore-table";
import { adminPageGuard } from "@/lib/server/queries/admin-access";
import { listScorerVersions, rescorePreview, rescorePreviewQuery } from "@/lib/server/judge/rescore-preview";

export const metadata: Metadata = { title: "Re-scoring preview" };

const select = "max-w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

// Read-only: how ranks of approved entries would move between two scorer versions.
export default async function RescorePreviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await adminPageGuard();
  const sp = await searchParams;
  const versions = await listScorerVersions();
  const one = (k: string) => (typeof sp[k] === "string" ? sp[k] : undefined);
  const parsed = rescorePreviewQuery.safeParse({ from: one("from") ?? versions[0]?.version, to: one("to") ?? versions[1]?.version ?? versions[0]?.version, metric: one("metric") });
  const rows = parsed.success ? await rescorePreview(parsed.data) : null;
  return (
    <div className="space-y-4">
      <AdminNav current="/admin/rescore" />
      <h1 className="text-2xl font-semibold">Re-scoring preview</h1>
      <p className="text-sm">Ranks of approved entries (overall, micro) under two scorer versions. This page changes nothing.</p>
      <form method="get" className="flex flex-wrap items-end gap-2">
        {(["from", "to"] as const).map((k) => (
          <div key={k}>
            <label htmlFor={`v-${k}`} className="block text-sm">{k === "from" ? "Current version" : "New version"}</label>
            <select id={`v-${k}`} name={k} defaultValue={parsed.success ? parsed.data[k] : undefined} className={select}>
              {versions.map((v) => <option key={v.version} value={v.version}>{v.version} ({v.rows})</option>)}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="v-metric" className="block text-sm">Metric</label>
          <select id="v-metric" name="metric" defaultValue={parsed.success ? parsed.data.metric : "judge"} className={select}>
            {["judge", "f1", "precision", "recall", "bleu1"].map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </div>
        <button type="submit" className="rounded border border-slate-400 px-3 py-1 text-sm">Preview</button>
      </form>
      {rows ? <JudgeRescoreTable rows={rows} /> : <p className="text-sm">No scorer versions with scores yet, or an invalid choice.</p>}
    </div>
  );
}
