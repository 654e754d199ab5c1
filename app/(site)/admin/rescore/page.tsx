import { getLocale, getTranslations } from "next-intl/server";
import { JudgeRescoreTable } from "@/app/(site)/admin/_components/judge-rescore-table";
import { NltkChangeNote } from "@/app/(site)/admin/_components/nltk-change-note";
import { JudgeCardCompare } from "@/app/(site)/admin/_components/judge-card-compare";
import { KeyChanges } from "@/app/(site)/admin/_components/key-changes";
import { JudgePanelButton } from "@/app/(site)/admin/_components/judge-panel-button";
import { isPanelConfigured } from "@/lib/server/judge/config";
import { PublishVersionForm } from "@/app/(site)/admin/_components/publish-version-form";
import { RejudgeAllButton } from "@/app/(site)/admin/_components/rejudge-all-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { scorerVersionStatus } from "@/lib/server/versions/version-status";
import { headlineMetricOf, scoredPerVersion, versionCoverage } from "@/lib/server/versions/published-version";
import { listScorerVersions, rescorePreview, rescorePreviewQuery } from "@/lib/server/operations/rank-diff-preview";
import { pinSourceOf } from "@/lib/server/versions/pin-source";
import { formatter } from "@/lib/i18n/format";
import { publishScorerVersionAction, rejudgeAllAction, runJudgePanelAction } from "./actions";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";
import { pageTitle, type SearchParams } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.rescore.title");

// Version names are long: the selects may not grow past the page.
const select = "max-w-full text-sm";

// A judge rollout in three steps: re-judge every approved entry, preview how ranks move, publish.
export default async function RescorePage({ searchParams }: { searchParams: SearchParams }) {
  await adminPageGuard();
  const sp = await searchParams;
  const [status, listed, t, tm, locale] = await Promise.all([
    scorerVersionStatus(),
    listScorerVersions(),
    getTranslations("admin.rescore"),
    getTranslations("common.metrics"),
    getLocale(),
  ]);
  const pin = status.pinned ? await pinSourceOf(status.published.version) : null;
  const f = formatter(locale);
  const versions = [...new Set([status.published.version, status.current.version, ...listed.map((v) => v.version)])];
  // Counted as the coverage lines above count: approved entries the public can see, scored under the version.
  const entries = await scoredPerVersion(versions);
  const one = (k: string) => (typeof sp[k] === "string" ? sp[k] : undefined);
  const to = one("to") ?? status.current.version;
  // Default metric: what the board ranks by under the version to publish (the judge when it has one).
  const parsed = rescorePreviewQuery.safeParse({
    from: one("from") ?? status.published.version,
    to,
    metric: one("metric") ?? headlineMetricOf(to),
  });
  const [preview, target] = parsed.success
    ? await Promise.all([rescorePreview(parsed.data), versionCoverage(parsed.data.to)])
    : [null, null];
  const cur = status.current;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <Section hid="state-h" heading={t("versions")} className="space-y-1 text-sm">
        <p>
          {t("publicShows")} <code data-testid="published-version">{status.published.version}</code>{" "}
          <span data-testid="pin-source">
            {!pin
              ? t("following")
              : pin.kind === "publish"
                ? t("pinnedPublish", { actor: pin.actor ?? "–", at: f.dateTime(pin.at) })
                : pin.kind === "import"
                  ? t("pinnedImport", { at: f.dateTime(pin.at) })
                  : t("pinnedUnknown")}
          </span>
          :{" "}
          {t("publishedCoverage", {
            scored: String(status.published.scored),
            approved: String(status.published.approved),
          })}
        </p>
        {status.pinned ? null : <p data-testid="pin-hint">{t("pinHint")}</p>}
        <p>
          {t("currentVersion")} <code data-testid="current-version">{cur.version}</code>:{" "}
          <span data-testid="current-coverage">
            {t("currentCoverage", { scored: String(cur.scored), approved: String(cur.approved) })}
          </span>
          {t("inProgress", { count: cur.inProgress })}
        </p>
      </Section>
      <Section hid="rejudge-h" heading={t("step1")} className="space-y-2">
        <p className="text-sm">{t("step1Text", { count: String(cur.approved - cur.scored - cur.inProgress) })}</p>
        <RejudgeAllButton run={rejudgeAllAction} missing={cur.approved - cur.scored - cur.inProgress} />
      </Section>
      <Section hid="preview-h" heading={t("step2")} className="space-y-2">
        <form method="get" className="flex flex-wrap items-end gap-2">
          {(["from", "to"] as const).map((k) => (
            <SelectField
              key={k}
              id={`v-${k}`}
              name={k}
              label={k === "from" ? t("from") : t("to")}
              selectClassName={select}
              defaultValue={parsed.success ? parsed.data[k] : undefined}
              options={versions.map((v) => [v, `${v} (${t("entriesCount", { count: entries.get(v) ?? 0 })})`])}
            />
          ))}
          <SelectField
            id="v-metric"
            name="metric"
            label={t("metric")}
            selectClassName={select}
            defaultValue={parsed.success ? parsed.data.metric : "judge"}
            options={(["judge", "f1", "precision", "recall", "bleu1"] as const).map((m) => [m, tm(m)])}
          />
          <button type="submit" className="rounded border border-slate-400 px-3 py-1 text-sm">
            {t("preview")}
          </button>
        </form>
        {parsed.success ? <NltkChangeNote from={parsed.data.from} to={parsed.data.to} locale={locale} /> : null}
        {parsed.success ? <JudgeCardCompare from={parsed.data.from} to={parsed.data.to} locale={locale} /> : null}
        {parsed.success ? <KeyChanges from={parsed.data.from} to={parsed.data.to} /> : null}
        {preview ? <JudgeRescoreTable rows={preview} /> : <p className="text-sm">{t("invalid")}</p>}
        <JudgePanelButton run={runJudgePanelAction} configured={isPanelConfigured()} />
      </Section>
      {parsed.success && target ? (
        <section aria-labelledby="publish-h" className="space-y-2">
          <h2 id="publish-h" className="text-lg font-semibold">
            {t("step3")} <code>{parsed.data.to}</code>
          </h2>
          <p className="text-sm">
            {t("step3Text", { scored: String(target.scored), approved: String(target.approved) })}
          </p>
          <PublishVersionForm
            key={parsed.data.to}
            version={parsed.data.to}
            run={publishScorerVersionAction}
            fewer={Math.max(0, status.published.scored - target.scored)}
          />
        </section>
      ) : null}
    </div>
  );
}
