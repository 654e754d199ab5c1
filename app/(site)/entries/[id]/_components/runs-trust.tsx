import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatter } from "@/lib/i18n/format";
import type { EntryDetail } from "@/lib/server/leaderboard/entries";
import { Section } from "@/components/ui/section";
import { TierMark } from "@/components/trust/tier-mark";

const headline = (e: EntryDetail, metric: string) =>
  e.scores.find((r) => r.split === "overall" && r.scope === "ALL" && r.metric === metric && r.aggregate === "micro");

/** Replicate runs (k, spread, flip rate) and the trust tier with every reproduction's numbers (docs/TRUST.md). */
export function RunsTrust({ entry: e }: { entry: EntryDetail }) {
  const t = useTranslations("trust");
  const tt = useTranslations("mainTypes");
  const f = formatter(useLocale());
  const link = (id: string) =>
    function EntryLink(c: React.ReactNode) {
      return <Link href={`/entries/${id}`}>{c}</Link>;
    };
  const spread = ["judge", "f1"].flatMap((m) => {
    const r = headline(e, m);
    return r ? [{ m, r }] : [];
  });
  return (
    <Section hid="trust-h" heading={t("heading")} className="space-y-2 text-sm" data-testid="runs-trust">
      <p data-testid="entry-tier">
        {t("tierLine", { tier: t(`tier.${e.tier}`) })} <TierMark tier={e.tier} runs={1} />
      </p>
      {e.runOf ? <p>{t.rich("isRunOf", { a: link(e.runOf) })}</p> : null}
      {e.reproduces ? <p>{t.rich("isReproductionOf", { a: link(e.reproduces) })}</p> : null}
      {e.runs > 1 ? (
        <div data-testid="run-spread">
          <p>{t("runsLine", { k: e.runs, flip: f.percent(e.flipRate, 1) })}</p>
          <ul className="list-inside list-disc">
            {spread.map(({ m, r }) => (
              <li key={m}>
                {t("spreadLine", {
                  metric: m === "judge" ? t("judge") : "F1",
                  value: f.score(r.value),
                  sd: f.score(r.runSd),
                  ci: f.ci(r.ciLow, r.ciHigh),
                })}
              </li>
            ))}
          </ul>
          <p>
            {t("runLinks")}{" "}
            {e.runIds.map((id, i) => (
              <Link key={id} href={`/entries/${id}`} className="mr-2">
                {t("runN", { n: i + 1 })}
              </Link>
            ))}
          </p>
        </div>
      ) : (
        <p data-testid="run-spread">{t("oneRun")}</p>
      )}
      {e.reproductions.length > 0 ? (
        <ul className="space-y-1" data-testid="reproductions">
          {e.reproductions.map((r) => (
            <li key={r.id} data-agrees={r.agrees}>
              {t.rich(r.agrees ? "reproAgrees" : "reproDisagrees", {
                a: link(r.id),
                name: r.methodName,
                f1: f.score(r.f1),
                judge: f.score(r.judge),
                by: r.maintainerRerun ? t("byMaintainers") : "",
              })}{" "}
              {r.mainTypes
                .map((m) =>
                  t("diffLine", {
                    type: tt(m.mainType),
                    diff: f.score(m.f1.diff),
                    ci: f.ci(m.f1.ciLow, m.f1.ciHigh),
                    judge: m.judge
                      ? t("diffJudge", { diff: f.score(m.judge.diff), ci: f.ci(m.judge.ciLow, m.judge.ciHigh) })
                      : "",
                  }),
                )
                .join(" · ")}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
