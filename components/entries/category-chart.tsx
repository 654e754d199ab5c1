"use client";

import { useLocale } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatter } from "@/lib/i18n/format";

type ChartSeries = { key: string; label: string; color: string };
type ChartDatum = { code: string; name: string } & Record<string, number | string | null>;

/** Client-only because recharts measures the DOM; the table beside it carries the same numbers. */
export function CategoryChart({ data, series, title }: { data: ChartDatum[]; series: ChartSeries[]; title: string }) {
  const f = formatter(useLocale());
  return (
    <figure className="w-full" aria-label={title}>
      <div className="h-80 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="code" stroke="currentColor" />
            <YAxis domain={[0, 1]} stroke="currentColor" />
            <Tooltip
              contentStyle={{ background: "#ffffff", color: "#0f172a" }}
              itemStyle={{ color: "#0f172a" }}
              formatter={(v) => (typeof v === "number" ? f.score(v) : String(v))}
              labelFormatter={(code) => data.find((d) => d.code === code)?.name ?? String(code)}
            />
            {/* Series keys (e0, e1, ...) sort in bar order; the default sorts by name (issue 32). */}
            <Legend
              itemSorter="dataKey"
              formatter={(v) => <span className="text-slate-900 dark:text-slate-100">{String(v)}</span>}
            />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{title}</figcaption>
    </figure>
  );
}
