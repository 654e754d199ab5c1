import { useLocale } from "next-intl";
import { formatter } from "@/lib/i18n/format";

// Drawn on the server as plain SVG: nothing in it changes after load, so it ships no JavaScript
// (issue 46; a chart library cost 3 s of throttled phone start-up). The table beside it carries the numbers.

type ChartSeries = { key: string; label: string; color: string };
type ChartDatum = { code: string; name: string } & Record<string, number | string | null>;

const W = 640;
const H = 280;
const PAD = { l: 36, r: 8, t: 10, b: 28 };
const TICKS = [0, 0.25, 0.5, 0.75, 1];

export function CategoryChart({ data, series, title }: { data: ChartDatum[]; series: ChartSeries[]; title: string }) {
  const f = formatter(useLocale());
  const innerH = H - PAD.t - PAD.b;
  const group = (W - PAD.l - PAD.r) / Math.max(1, data.length);
  // Bars fill 80% of a category's slot, whatever the number of series (one entry draws one wide bar).
  const bar = (group * 0.8) / Math.max(1, series.length);
  const y = (v: number) => PAD.t + (1 - Math.min(1, Math.max(0, v))) * innerH;
  return (
    <figure className="w-full space-y-2" aria-label={title}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-3xl"
        aria-hidden="true"
        data-testid="category-chart"
      >
        {TICKS.map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.l - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const x0 = PAD.l + i * group + group * 0.1;
          return (
            <g key={d.code}>
              {series.map((s, k) => {
                const v = d[s.key];
                return typeof v === "number" ? (
                  <rect key={s.key} x={x0 + k * bar} y={y(v)} width={bar} height={y(0) - y(v)} fill={s.color}>
                    <title>{`${d.name} · ${s.label}: ${f.score(v)}`}</title>
                  </rect>
                ) : null;
              })}
              <text x={x0 + group * 0.4} y={H - PAD.b + 16} textAnchor="middle" fontSize={11} fill="currentColor">
                {d.code}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1">
            <svg viewBox="0 0 12 12" className="size-3">
              <rect width={12} height={12} rx={2} fill={s.color} />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{title}</figcaption>
    </figure>
  );
}
