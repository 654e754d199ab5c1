import { useLocale, useTranslations } from "next-intl";
import type { CostField, CostPoint } from "@/lib/server/leaderboard/cost-chart";
import { EFFICIENCY_FIELDS } from "@/lib/validation/submission-meta";
import { formatter } from "@/lib/i18n/format";
import { HeadRow, Table, TBody, Td, Th, Tr } from "@/components/ui/table";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";

const W = 640;
const H = 320;
const PAD = { l: 48, r: 16, t: 12, b: 40 };

type Props = { points: CostPoint[]; field: CostField; metricLabel: string; hidden: Record<string, string> };

/** Score against a self-reported cost (log x) with the Pareto front; the table carries the same data. */
export function CostChart({ points, field, metricLabel, hidden }: Props) {
  const t = useTranslations("board.cost");
  const f = formatter(useLocale());
  const label = (k: CostField) => t(`fields.${k}`);
  const fieldLabel = label(field);
  // Lower case inside a sentence (a no-op for Chinese).
  const inSentence = fieldLabel.toLocaleLowerCase(f.locale);
  const costs = points.map((p) => Math.max(p.cost, 1e-4));
  const [lo, hi] = [Math.min(...costs), Math.max(...costs)];
  const lx = (c: number) => Math.log10(Math.max(c, 1e-4));
  const span = lx(hi) - lx(lo);
  // One cost (or one point) has no range to spread over: it sits in the middle, not on the axis.
  const x = (c: number) => PAD.l + (span > 0 ? (lx(c) - lx(lo)) / span : 0.5) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - Math.max(0, Math.min(1, v))) * (H - PAD.t - PAD.b);
  const front = points.filter((p) => p.pareto);
  return (
    <Section hid="cost-h" heading={t("heading")} className="space-y-2" data-testid="cost-chart">
      <form method="get" action="/#cost-h" className="flex flex-wrap items-end gap-2 text-sm">
        {Object.entries(hidden).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {/* display: contents keeps label and select side by side in the form's row. */}
        <SelectField
          id="cost-field"
          name="cost"
          label={t("field")}
          variant="board"
          className="contents"
          defaultValue={field}
          options={EFFICIENCY_FIELDS.map((k) => [k, label(k)])}
        />
        <button type="submit" className="rounded border border-slate-400 px-2 py-1 dark:border-slate-600">
          {t("show")}
        </button>
      </form>
      {points.length === 0 ? (
        <p data-testid="cost-chart-empty">{t("empty", { field: inSentence })}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="w-full max-w-3xl"
            role="img"
            aria-label={t("chartLabel", { metric: metricLabel, field: fieldLabel })}
          >
            <line x1={PAD.l} y1={H - PAD.b} x2={W - PAD.r} y2={H - PAD.b} stroke="currentColor" strokeOpacity={0.4} />
            <line x1={PAD.l} y1={PAD.t} x2={PAD.l} y2={H - PAD.b} stroke="currentColor" strokeOpacity={0.4} />
            {[0, 0.25, 0.5, 0.75, 1].map((v) => (
              <text key={v} x={PAD.l - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {v}
              </text>
            ))}
            <text x={(W + PAD.l) / 2} y={H - 8} textAnchor="middle" fontSize={12} fill="currentColor">
              {t("axis", { field: fieldLabel, lo: f.score(lo, 4), hi: f.score(hi, 4) })}
            </text>
            <polyline
              points={front.map((p) => `${x(p.cost)},${y(p.value)}`).join(" ")}
              fill="none"
              stroke="#059669"
              strokeWidth={2}
              strokeDasharray="5 3"
              data-testid="pareto-front"
            />
            {points.map((p) => (
              <g key={p.id} data-testid="cost-point">
                {p.ciLow !== null && p.ciHigh !== null ? (
                  <line
                    x1={x(p.cost)}
                    x2={x(p.cost)}
                    y1={y(p.ciLow)}
                    y2={y(p.ciHigh)}
                    stroke="currentColor"
                    strokeOpacity={0.6}
                  />
                ) : null}
                <circle cx={x(p.cost)} cy={y(p.value)} r={4} fill={p.pareto ? "#059669" : "#1d4ed8"}>
                  <title>
                    {t("pointTitle", {
                      method: p.methodName,
                      value: f.score(p.value),
                      ci: f.ci(p.ciLow, p.ciHigh),
                      cost: p.cost,
                    })}
                  </title>
                </circle>
              </g>
            ))}
          </svg>
          <Table
            label={t("tableLabel")}
            data-testid="cost-table"
            caption={t("caption", { metric: metricLabel, field: inSentence })}
            captionClassName="mb-1 text-left font-semibold"
          >
            <HeadRow numeric labels={[t("method"), t("cost"), metricLabel, t("interval"), t("pareto")]} />
            <TBody>
              {points.map((p) => (
                <Tr key={p.id} className="text-right tabular-nums">
                  <Th scope="row" className="text-left font-normal">
                    {p.methodName}
                    {p.isBaseline ? t("baseline") : ""}
                  </Th>
                  <Td>{p.cost}</Td>
                  <Td>{f.score(p.value)}</Td>
                  <Td>{f.ci(p.ciLow, p.ciHigh)}</Td>
                  <Td>{p.pareto ? t("yes") : t("no")}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </>
      )}
    </Section>
  );
}
