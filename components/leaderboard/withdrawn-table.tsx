import { useLocale, useTranslations } from "next-intl";
import type { Tombstone } from "@/lib/server/leaderboard/tombstones";
import { formatter } from "@/lib/i18n/format";
import { ViewLink } from "./view-link";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";

export function WithdrawnTable({ rows }: { rows: Tombstone[] }) {
  const t = useTranslations("board.withdrawn");
  const f = formatter(useLocale());
  if (rows.length === 0)
    return (
      <p className="rounded border border-slate-200 p-4 dark:border-slate-800" data-testid="withdrawn-empty">
        {t("empty")}
      </p>
    );
  return (
    <Table label={t("label")} className="border-collapse text-sm" data-testid="withdrawn" caption={t("caption")}>
      <THead>
        <Tr kind="head" className="text-left">
          {(["method", "organization", "submitted", "approved", "removed", "by", "reason"] as const).map((k) => (
            <Th key={k} pad="none">
              {t(k)}
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {rows.map((w) => (
          <Tr key={w.id} data-testid="withdrawn-row">
            <Th scope="row" pad="none" className="text-left font-normal">
              <ViewLink href={`/entries/${w.id}`}>{w.methodName}</ViewLink>
            </Th>
            <Td pad="none">{w.organization ?? "–"}</Td>
            <Td pad="none" className="whitespace-nowrap">
              {f.date(w.createdAt)}
            </Td>
            <Td pad="none" className="whitespace-nowrap">
              {f.date(w.approvedAt)}
            </Td>
            <Td pad="none" className="whitespace-nowrap">
              {f.date(w.removedAt)}
            </Td>
            <Td pad="none">{t(w.removedBy === "author" ? "author" : "administrator")}</Td>
            <Td pad="none" className="max-w-xl">
              {w.reason}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
