import type { Locale } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { RICH_TAGS } from "@/components/ui/rich-text";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { JudgeCard } from "@/lib/server/scores/judge-card-schema";

// One judge card (docs/JUDGE.md, "The judge card"): on About for the published judge, and side by
// side on /admin/rescore for the published and the new judge. Every number has a sentence.

type Rate = { n: number; rate: number | null; ciLow: number | null; ciHigh: number | null };

const pct = (v: number | null) => (v === null ? "–" : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null, d = 3) => (v === null ? "–" : v.toFixed(d));

function RateCell({ r, interval }: { r: Rate; interval: (v: { low: string; high: string; n: number }) => string }) {
  return (
    <Td className="tabular-nums">
      {pct(r.rate)}{" "}
      <span className="text-neutral-500">{interval({ low: pct(r.ciLow), high: pct(r.ciHigh), n: r.n })}</span>
    </Td>
  );
}

export async function JudgeCardView({
  card,
  locale,
  headingId,
}: {
  card: JudgeCard;
  locale: Locale;
  headingId?: string;
}) {
  const [t, tc] = await Promise.all([translator(locale, "judgeCard"), translator(locale, "categories")]);
  const c = card.calibration;
  return (
    <div className="space-y-2" data-testid="judge-card" data-judge-version={card.version}>
      <p>{t.rich("intro", { ...RICH_TAGS, version: card.version })}</p>
      {card.judge.demo ? <p>{t("demo")}</p> : null}
      {card.published ? null : <p>{t("notPublished")}</p>}
      {c ? (
        <>
          <p>{t("calibration", { sample: c.sample, keyTag: c.keyTag, date: c.computedAt.slice(0, 10) })}</p>
          <Table width="auto" data-testid="judge-card-rates">
            <THead>
              <Tr kind="plain" className="text-left">
                <Th pad="x">{t("colScope")}</Th>
                <Th pad="x">{t("colFalseAccept")}</Th>
                <Th pad="x">{t("colFalseReject")}</Th>
              </Tr>
            </THead>
            <TBody>
              <Tr kind="plain" className="font-semibold">
                <Th pad="x" scope="row" align="left">
                  {t("overall")}
                </Th>
                <RateCell r={c.overall.falseAccept} interval={(v) => t("rateInterval", v)} />
                <RateCell r={c.overall.falseReject} interval={(v) => t("rateInterval", v)} />
              </Tr>
              {c.categories.map((row) => (
                <Tr kind="plain" key={row.category}>
                  <Th pad="x" scope="row" align="left" className="font-normal">
                    <abbr title={tc(row.category)}>{row.category}</abbr>
                  </Th>
                  <RateCell r={row.falseAccept} interval={(v) => t("rateInterval", v)} />
                  <RateCell r={row.falseReject} interval={(v) => t("rateInterval", v)} />
                </Tr>
              ))}
            </TBody>
          </Table>
          <ul className="list-disc space-y-1 pl-6 text-sm">
            <li>{t.rich("falseAcceptHelp", RICH_TAGS)}</li>
            <li>{t.rich("falseRejectHelp", RICH_TAGS)}</li>
            <li>{t("intervalHelp")}</li>
          </ul>
          <p>
            {t("meanScores", {
              reference: num(c.overall.meanScore.reference, 2),
              topical: num(c.overall.meanScore.topical, 2),
              refusal: num(c.overall.meanScore.refusal, 2),
            })}
          </p>
          <p>
            {t("cost", {
              calls: c.cost.calls.toLocaleString("en"),
              promptTokens: c.cost.promptTokens.toLocaleString("en"),
              completionTokens: c.cost.completionTokens.toLocaleString("en"),
              seconds: (c.cost.wallMs / 1000).toFixed(1),
            })}
          </p>
        </>
      ) : (
        <p>{t(`status_${card.status === "ready" ? "none" : card.status}`)}</p>
      )}
      <h3 id={headingId ? `${headingId}-noise` : undefined} className="font-semibold">
        {t("noiseHeading")}
      </h3>
      {card.noise ? (
        <p data-testid="judge-card-noise">
          {t("noise", {
            checks: card.noise.checks,
            compared: card.noise.compared,
            differRate: pct(card.noise.differRate),
            entrySd: num(card.noise.entryMeanSd, 4),
            questions: card.noise.questions,
          })}{" "}
          {t("noiseMark")}
        </p>
      ) : (
        <p>{t("noNoise")}</p>
      )}
      <h3 className="font-semibold">{t("panelHeading")}</h3>
      {card.panel ? (
        <div className="space-y-1" data-testid="judge-card-panel">
          <p>{t.rich("panel", { ...RICH_TAGS, model: card.panel.model })}</p>
          <p>{t("kappa", { kappa: num(card.panel.kappa.overall.kappa), n: card.panel.kappa.overall.n })}</p>
          <p>
            {t("kappaCategories", {
              list: card.panel.kappa.categories.map((k) => `${k.category} ${num(k.kappa)} (n=${k.n})`).join(", "),
            })}
          </p>
          <p>{t("tau", { tau: num(card.panel.ranking.tau), n: card.panel.ranking.n })}</p>
          {card.panel.ranking.changes.length > 0 ? (
            <>
              <p>{t("rankChanges")}</p>
              <ul className="list-disc pl-6">
                {card.panel.ranking.changes.map((ch) => (
                  <li key={ch.id}>
                    {t("rankChange", { method: ch.methodName, from: ch.primaryRank, to: ch.panelRank })}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("noRankChanges")}</p>
          )}
        </div>
      ) : (
        <p>{t("noPanel")}</p>
      )}
    </div>
  );
}
