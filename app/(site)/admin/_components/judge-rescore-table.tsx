import { useTranslations } from "next-intl";
import type { RescorePreviewRow } from "@/lib/server/operations/rank-diff-preview";
import { HeadRow, Table, TBody, Td, Tr } from "@/components/ui/table";

// Rank of each approved entry under two scorer versions and how it would move (read-only).

const cell = (c: RescorePreviewRow["from"], unranked: string) =>
  c ? `${c.rank}${c.tied ? "=" : ""} (${c.value.toFixed(3)})` : unranked;

export function JudgeRescoreTable({ rows }: { rows: RescorePreviewRow[] }) {
  const t = useTranslations("admin.rescoreTable");
  if (rows.length === 0) return <p className="text-sm">{t("none")}</p>;
  return (
    <Table label={t("regionLabel")} data-testid="rescore-preview">
      <HeadRow labels={[t("colEntry"), t("colNow"), t("colAfter"), t("colMove")]} />
      <TBody>
        {rows.map((r) => (
          <Tr key={r.id}>
            <Td>
              <a href={`/admin/submissions/${r.id}`}>{r.methodName}</a>
            </Td>
            <Td>{cell(r.from, t("unranked"))}</Td>
            <Td>{cell(r.to, t("unranked"))}</Td>
            <Td>
              {r.move === null
                ? "–"
                : r.move > 0
                  ? t("up", { n: r.move })
                  : r.move < 0
                    ? t("down", { n: -r.move })
                    : t("same")}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
