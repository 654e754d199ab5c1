import { useTranslations } from "next-intl";
import type { JudgeUsageView } from "@/lib/server/judge/judge-calls";
import { HeadRow, Table, TBody, Td, Tr } from "@/components/ui/table";

// Judge cost and raw replies for one submission; the replies are folded so the page stays short.

// Counts go into the messages as strings: raw digits, as in the table cells (no 1,234 grouping).
const time = (iso: string) => iso.replace("T", " ").slice(0, 19);
const COLUMNS = [
  "colTime",
  "colRun",
  "colCalls",
  "colRetries",
  "colReasks",
  "colCacheHits",
  "colPromptTokens",
  "colCompletionTokens",
  "colWallTime",
  "colNotJudged",
] as const;

export function JudgeUsage({ usage }: { usage: JudgeUsageView }) {
  const t = useTranslations("admin.judgeUsage");
  const { runs, calls, totals } = usage;
  if (runs.length === 0 && calls.length === 0) return <p className="text-sm">{t("notRun")}</p>;
  return (
    <div className="space-y-3" data-testid="judge-usage">
      <p className="text-sm" data-testid="judge-totals">
        {t("totals", {
          calls: String(totals.calls),
          failed: String(totals.failedCalls),
          prompt: String(totals.promptTokens),
          completion: String(totals.completionTokens),
        })}
      </p>
      <Table label={t("runsLabel")} data-testid="judge-runs">
        <HeadRow labels={COLUMNS.map((h) => t(h))} />
        <TBody>
          {runs.map((r) => (
            <Tr key={`${r.at}-${r.action}`} className="align-top">
              <Td className="whitespace-nowrap">{time(r.at)}</Td>
              <Td>
                <code>{r.action}</code>
                {r.error ? <span className="block text-red-700 dark:text-red-300">{r.error}</span> : null}
              </Td>
              <Td>{r.calls}</Td>
              <Td>{r.retries}</Td>
              <Td>{r.reasks}</Td>
              <Td>{r.cacheHits}</Td>
              <Td>{r.promptTokens}</Td>
              <Td>{r.completionTokens}</Td>
              <Td>{t("seconds", { s: (r.wallMs / 1000).toFixed(1) })}</Td>
              <Td>{r.unjudged ?? "–"}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {calls.length ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">
            {t("callsSummary", { count: calls.length })}
          </summary>
          <ul className="space-y-2 text-sm" data-testid="judge-calls">
            {calls.map((c) => (
              <li key={c.id} className="border-b border-slate-100 pb-1 dark:border-slate-800">
                <p>
                  {time(c.createdAt)} · <code>{c.purpose}</code> · {c.model}@{c.promptVersion} ·{" "}
                  {t("callDetails", {
                    attempt: String(c.attempt + 1),
                    level: c.level,
                    ms: String(c.latencyMs),
                    prompt: String(c.promptTokens),
                    completion: String(c.completionTokens),
                  })}{" "}
                  {c.ok ? (
                    t("ok")
                  ) : (
                    <span className="text-red-700 dark:text-red-300">{t("error", { error: c.error ?? "" })}</span>
                  )}
                </p>
                <p className="break-all text-xs">{t("questions", { ids: c.questionIds.join(", ") })}</p>
                {c.rawReply !== null ? (
                  <pre className="max-h-48 overflow-auto whitespace-pre-wrap text-xs" tabIndex={0}>
                    {c.rawReply}
                  </pre>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
