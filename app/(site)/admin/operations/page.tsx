import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { retryFailedAction } from "@/app/(site)/admin/actions";
import { ActionButton } from "@/components/submissions/action-button";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getOperations } from "@/lib/server/metrics/operations-view";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { Section } from "@/components/ui/section";
import { pageTitle } from "@/app/(site)/page-helpers";
import { SubmissionsPauseForm } from "@/app/(site)/admin/_components/submissions-pause-form";
import { setSubmissionsPauseAction } from "./actions";
import { submissionsPause } from "@/lib/server/submissions/pause";

export const generateMetadata = pageTitle("admin.operations.title");
export const dynamic = "force-dynamic";

const ms = (v: number | null) => (v === null ? "–" : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${v} ms`);

export default async function OperationsPage() {
  await adminPageGuard();
  const [o, t, ts, pause] = await Promise.all([
    getOperations(),
    getTranslations("admin.operations"),
    getTranslations("submissions.stateLabels"),
    submissionsPause(),
  ]);
  const state = (s: string) => (ts.has(s as never) ? ts(s as never) : s.toLowerCase());
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <Section hid="pause-h" heading={t("pauseHeading")} className="text-sm">
        <SubmissionsPauseForm state={pause} run={setSubmissionsPauseAction} />
      </Section>
      <Section hid="q-h" heading={t("queue")} className="text-sm">
        {o.queue.ok ? (
          <p data-testid="queue-counts">
            {t("queueName")} <code>scoring</code>:{" "}
            {Object.entries(o.queue.counts)
              .map(([k, v]) => `${k} ${v}`)
              .join(" · ")}
          </p>
        ) : (
          <p role="alert">{t("queueUnavailable", { error: o.queue.error })}</p>
        )}
        <p data-testid="status-counts">
          {t("byStage", {
            counts: ["RECEIVED", "QUEUED", "SCORING_LEXICAL", "JUDGING", "SCORED", "FAILED"]
              .map((s) => `${state(s)} ${o.byStatus[s] ?? 0}`)
              .join(" · "),
          })}
        </p>
      </Section>
      <Section hid="r-h" heading={t("running")} className="text-sm">
        {o.running.length === 0 ? (
          <p>{t("nothingRunning")}</p>
        ) : (
          <ul>
            {o.running.map((r) => (
              <li key={`${r.submissionId}-${r.stage}`}>
                <Link href={`/admin/submissions/${r.submissionId}`}>{r.methodName}</Link> · {r.stage} {r.done}/{r.total}{" "}
                · {t("since", { time: r.startedAt?.slice(11, 19) ?? "?" })}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section hid="t-h" heading={t("timings")} className="text-sm">
        <Table width="auto" className="tabular-nums" data-testid="stage-timings">
          <THead>
            <Tr kind="plain" className="text-left">
              <Th pad="x">{t("colStage")}</Th>
              <Th pad="x">{t("colRuns")}</Th>
              <Th pad="x">{t("colMedian")}</Th>
              <Th pad="x">{t("colP95")}</Th>
            </Tr>
          </THead>
          <TBody>
            {o.timings.map((t) => (
              <Tr kind="plain" key={t.stage}>
                <Th pad="x" scope="row" className="text-left font-normal">
                  {t.stage}
                </Th>
                <Td pad="x">{t.runs}</Td>
                <Td pad="x">{ms(t.medianMs)}</Td>
                <Td pad="x">{ms(t.p95Ms)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {o.timings.length === 0 ? <p>{t("noTimings")}</p> : null}
      </Section>
      <Section hid="f-h" heading={t("failed")} className="text-sm">
        {o.failed.length === 0 ? (
          <p>{t("none")}</p>
        ) : (
          <ul className="space-y-2" data-testid="failed-list">
            {o.failed.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2">
                <Link href={`/admin/submissions/${f.id}`}>{f.methodName}</Link> · {f.submitter} ·{" "}
                {f.failureStage ?? "?"}: {f.failureReason ?? t("unknown")}
                <ActionButton
                  label={t("retry", { stage: f.failureStage === "judge" ? "judge" : "lexical" })}
                  run={retryFailedAction.bind(null, f.id, f.failureStage === "judge" ? "judge" : "lexical")}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
