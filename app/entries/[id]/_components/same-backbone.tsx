import Link from "next/link";
import type { SameBackbone } from "@/lib/server/leaderboard/same-backbone";
import { fmt, METRIC_LABELS } from "@/components/ui/format";

const signed = (v: number) => `${v >= 0 ? "+" : ""}${fmt(v)}`;

/** This entry against the best other entry on the same backbone (headline metric, overall, micro). */
export function SameBackboneLine({ cmp, metric }: { cmp: SameBackbone | null; metric: string }) {
  if (!cmp) return null;
  const p = cmp.paired;
  return (
    <p className="text-sm" data-testid="same-backbone">
      Against the best {cmp.other.isBaseline ? "baseline or entry" : "entry"} on {cmp.backbone},{" "}
      <Link href={`/entries/${cmp.other.id}`}>{cmp.other.methodName}</Link>{cmp.other.isBaseline ? " (baseline)" : ""}:{" "}
      <strong data-testid="same-backbone-diff">{signed(cmp.diff)}</strong> {METRIC_LABELS[metric]} ({fmt(cmp.entryValue)} vs {fmt(cmp.other.value)})
      {p ? <>; paired bootstrap over {p.n} shared questions {signed(p.diff)}, 95% CI [{fmt(p.ciLow)}, {fmt(p.ciHigh)}], p = {fmt(p.pValue)}</> : "; no per-question scores for a paired interval"}.
    </p>
  );
}
