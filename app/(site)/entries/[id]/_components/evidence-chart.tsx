import { useTranslations } from "next-intl";
import type { EvidenceGroup } from "@/lib/scoring/types";

const W = 360;
const ROW = 22;
const LEFT = 48;
const RIGHT = 40;

/** Per category, the wrong answers split into missed evidence (retrieval) and had it (reasoning). */
export function EvidenceChart({ groups }: { groups: EvidenceGroup[] }) {
  const t = useTranslations("entry.evidence");
  const rows = groups.filter((g) => g.wrong > 0);
  if (rows.length === 0) return null;
  const bar = W - LEFT - RIGHT;
  const h = rows.length * ROW + 24;
  return (
    <figure className="max-w-md" data-testid="evidence-chart">
      <svg viewBox={`0 0 ${W} ${h}`} className="w-full" role="img" aria-label={t("chartLabel")}>
        {rows.map((g, i) => {
          const missed = g.wrongMissedEvidence.value ?? 0;
          const y = i * ROW;
          return (
            <g key={g.scope} data-testid={`evidence-bar-${g.scope}`}>
              <title>
                {t("barTitle", {
                  scope: g.scope,
                  wrong: g.wrong,
                  missed: Math.round(missed * g.wrong),
                  had: g.wrong - Math.round(missed * g.wrong),
                })}
              </title>
              <text x={LEFT - 6} y={y + 15} textAnchor="end" fontSize="12" className="fill-current">
                {g.scope}
              </text>
              <rect x={LEFT} y={y + 4} width={bar * missed} height={14} fill="#d97706" />
              <rect x={LEFT + bar * missed} y={y + 4} width={bar * (1 - missed)} height={14} fill="#2563eb" />
              <text x={W - RIGHT + 6} y={y + 15} fontSize="12" className="fill-current">
                {g.wrong}
              </text>
            </g>
          );
        })}
        <g transform={`translate(${LEFT}, ${rows.length * ROW + 6})`} fontSize="11">
          <rect width="10" height="10" fill="#d97706" />
          <text x="14" y="9" className="fill-current">
            {t("missedLegend")}
          </text>
          <rect x={bar / 2} width="10" height="10" fill="#2563eb" />
          <text x={bar / 2 + 14} y="9" className="fill-current">
            {t("hadLegend")}
          </text>
        </g>
      </svg>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">{t("chartCaption")}</figcaption>
    </figure>
  );
}
