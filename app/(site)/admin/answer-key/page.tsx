import { Fragment } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { adminPageGuard } from "@/lib/server/auth/admin-guard";
import { getAnswerKeyOverview } from "@/lib/server/answer-key/overview";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { BoardStatusNote } from "@/components/leaderboard/board-status-note";
import { pageTitle } from "@/app/(site)/page-helpers";

export const generateMetadata = pageTitle("admin.answerKey.title");

// Counts only: the answers themselves are never listed or exported here.
export default async function AnswerKeyPage() {
  await adminPageGuard();
  const [o, t, ts] = await Promise.all([
    getAnswerKeyOverview(),
    getTranslations("admin.answerKey"),
    getTranslations("submissions.stateLabels"),
  ]);
  const state = (s: string) => (ts.has(s as never) ? ts(s as never) : s.toLowerCase());
  const active = o.versions.find((v) => v.active);
  const splits = Object.keys(o.active?.perSplit ?? {});
  const categories = [...new Set(o.active?.perCategory.map((c) => c.category) ?? [])];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <BoardStatusNote admin />
      {active ? (
        <p data-testid="active-key">
          {t("active")} <strong>{active.label}</strong> ·{" "}
          {t("activeDetails", {
            count: String(active.questionCount),
            at: active.importedAt.replace("T", " ").slice(0, 19),
          })}{" "}
          <code>{active.contentSha256.slice(0, 12)}…</code>
        </p>
      ) : (
        <p>
          {t("noneActive")} <code>npx h2hmem answer-key import &lt;dir&gt;</code>.
        </p>
      )}
      {o.active ? (
        <Table
          width="auto"
          className="text-sm tabular-nums"
          data-testid="key-counts"
          caption={t("caption")}
          captionClassName="text-left font-medium"
        >
          <THead>
            <Tr kind="head" className="text-left">
              <Th>{t("colCategory")}</Th>
              {splits.map((s) => (
                <Fragment key={s}>
                  <Th>{s}</Th>
                  <Th>{t("withEvidence")}</Th>
                </Fragment>
              ))}
            </Tr>
          </THead>
          <TBody>
            {categories.map((c) => (
              <Tr key={c}>
                <Th scope="row" className="text-left font-normal">
                  {c}
                </Th>
                {splits.map((s) => {
                  const cell = o.active!.perCategory.find((x) => x.split === s && x.category === c);
                  return (
                    <Fragment key={s}>
                      <Td>{cell?.n ?? 0}</Td>
                      <Td>{cell?.withEvidence ?? 0}</Td>
                    </Fragment>
                  );
                })}
              </Tr>
            ))}
            <Tr kind="plain" className="font-semibold">
              <Th scope="row" className="text-left">
                {t("total")}
              </Th>
              {splits.map((s) => (
                <Fragment key={s}>
                  <Td>{o.active!.perSplit[s]}</Td>
                  <Td data-testid={`evidence-total-${s}`}>
                    {o.active!.perCategory.filter((x) => x.split === s).reduce((a, x) => a + x.withEvidence, 0)}
                  </Td>
                </Fragment>
              ))}
            </Tr>
          </TBody>
        </Table>
      ) : null}
      {o.active ? <p className="text-sm">{t("evidenceRule")}</p> : null}
      <h2 className="text-lg font-semibold">{t("allVersions")}</h2>
      <ul className="text-sm">
        {o.versions.map((v) => (
          <li key={v.id}>
            {t("version", {
              label: v.label,
              count: String(v.questionCount),
              at: v.importedAt.slice(0, 10),
              submissions: String(v.submissions),
            })}
            {v.active ? t("activeSuffix") : ""}
          </li>
        ))}
      </ul>
      {o.demoOffBoard > 0 ? (
        <p className="text-sm" data-testid="demo-off-board">
          {t.rich("demoOffBoard", { count: o.demoOffBoard, code: (c) => <code>{c}</code> })}
        </p>
      ) : null}
      <h2 className="text-lg font-semibold">{t("staleHeading")}</h2>
      {o.staleEntries.length === 0 ? (
        <p className="text-sm">{t("none")}</p>
      ) : (
        <ul className="text-sm" data-testid="stale-entries">
          {o.staleEntries.map((s) => (
            <li key={s.id}>
              <Link href={`/admin/submissions/${s.id}`}>{s.methodName}</Link> ·{" "}
              {t("stale", { state: state(s.reviewState), key: s.keyLabel })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
