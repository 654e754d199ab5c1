import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getFormat } from "@/lib/i18n/server";
import type { RankHistory } from "@/lib/server/history/history-schema";
import { Section } from "@/components/ui/section";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";

// No chart library: two polylines, points evenly spaced in snapshot order; the table under each has the dates.

const W = 300;
const H = 120;
const PAD = { l: 28, r: 34, t: 10, b: 14 };

function points(values: number[], y: (v: number) => number): Array<[number, number]> {
  const step = values.length > 1 ? (W - PAD.l - PAD.r) / (values.length - 1) : 0;
  return values.map((v, i) => [PAD.l + (values.length > 1 ? i * step : (W - PAD.l - PAD.r) / 2), y(v)]);
}
const path = (pts: Array<[number, number]>) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");

export async function RankHistoryChart({ histories }: { histories: RankHistory[] }) {
  const [t, ts, f] = await Promise.all([getTranslations("rankHistory"), getTranslations("splits"), getFormat()]);
  return (
    <Section hid="history-h" heading={t("heading")} className="space-y-3" data-testid="rank-history">
      <p className="text-sm">{t("text", { metric: histories[0]?.metric ?? "" })}</p>
      <div className="grid gap-6 md:grid-cols-3">
        {histories.map((h) => {
          const items = h.items;
          const maxRank = Math.max(2, ...items.map((i) => i.of));
          const innerH = H - PAD.t - PAD.b;
          const rankPts = points(
            items.map((i) => i.rank),
            (r) => PAD.t + ((r - 1) / (maxRank - 1)) * innerH,
          );
          const scorePts = points(
            items.map((i) => i.value),
            (v) => PAD.t + (1 - Math.min(1, Math.max(0, v))) * innerH,
          );
          const splitName = ts(h.split);
          return (
            <div key={h.split} className="space-y-1" data-testid={`rank-history-${h.split}`}>
              <h3 className="text-sm font-medium">{splitName}</h3>
              {items.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("none")}</p>
              ) : (
                <svg
                  viewBox={`0 0 ${W} ${H}`}
                  className="w-full max-w-sm"
                  role="img"
                  aria-label={t("chartLabel", {
                    split: splitName,
                    count: items.length,
                    first: items[0]!.rank,
                    last: items.at(-1)!.rank,
                  })}
                >
                  <line
                    x1={PAD.l}
                    x2={W - PAD.r}
                    y1={PAD.t}
                    y2={PAD.t}
                    className="stroke-slate-200 dark:stroke-slate-700"
                  />
                  <line
                    x1={PAD.l}
                    x2={W - PAD.r}
                    y1={H - PAD.b}
                    y2={H - PAD.b}
                    className="stroke-slate-300 dark:stroke-slate-600"
                  />
                  <text x={PAD.l - 4} y={PAD.t + 4} textAnchor="end" className="fill-current text-[9px]">
                    #1
                  </text>
                  <text x={PAD.l - 4} y={H - PAD.b + 3} textAnchor="end" className="fill-current text-[9px]">
                    #{maxRank}
                  </text>
                  <text x={W - PAD.r + 4} y={PAD.t + 4} className="fill-emerald-700 text-[9px] dark:fill-emerald-400">
                    1.0
                  </text>
                  <text
                    x={W - PAD.r + 4}
                    y={H - PAD.b + 3}
                    className="fill-emerald-700 text-[9px] dark:fill-emerald-400"
                  >
                    0.0
                  </text>
                  <polyline
                    points={path(scorePts)}
                    fill="none"
                    strokeDasharray="4 3"
                    className="stroke-emerald-600"
                    strokeWidth={1.5}
                  />
                  <polyline
                    points={path(rankPts)}
                    fill="none"
                    className="stroke-blue-700 dark:stroke-blue-400"
                    strokeWidth={2}
                  />
                  {items.map((i, k) => (
                    <circle
                      key={i.snapshot}
                      cx={rankPts[k]![0]}
                      cy={rankPts[k]![1]}
                      r={3}
                      className="fill-blue-700 dark:fill-blue-400"
                      data-testid="rank-point"
                    >
                      <title>{t("pointTitle", { date: f.date(i.date), rank: i.rank, score: f.score(i.value) })}</title>
                    </circle>
                  ))}
                </svg>
              )}
              {items.length > 0 ? (
                <details className="text-xs">
                  <summary className="cursor-pointer">{t("tableSummary")}</summary>
                  <Table width="auto" className="mt-1">
                    <THead>
                      <Tr kind="plain">
                        <Th pad="none" align="left" className="pr-2">
                          {t("colDate")}
                        </Th>
                        <Th pad="none" align="right" className="pr-2">
                          {t("colRank")}
                        </Th>
                        <Th pad="none" align="right" className="pr-2">
                          {t("colScore")}
                        </Th>
                        <Th pad="none" align="left">
                          {t("colSnapshot")}
                        </Th>
                      </Tr>
                    </THead>
                    <TBody>
                      {items.map((i) => (
                        <Tr kind="plain" key={i.snapshot}>
                          <Td pad="none" className="pr-2">
                            {f.date(i.date)}
                          </Td>
                          <Td pad="none" align="right" className="pr-2">
                            {i.tied ? t("tiedRank", { rank: i.rank, size: i.tieGroup.length }) : `#${i.rank}`}
                          </Td>
                          <Td pad="none" align="right" className="pr-2">
                            {f.score(i.value)}
                          </Td>
                          <Td pad="none">
                            <Link href={i.permalink}>{i.snapshot.slice(0, 10)}</Link>
                          </Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                </details>
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="text-sm">{t.rich("verifyHint", { code: (c) => <code className="break-all">{c}</code> })}</p>
    </Section>
  );
}
