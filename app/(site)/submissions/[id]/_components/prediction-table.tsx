import Link from "next/link";
import { useTranslations } from "next-intl";
import { CATEGORY_CODES } from "@/lib/scoring/types";
import type { PredictionFilter, PredictionRow } from "@/lib/server/submissions/predictions";
import { fmt } from "@/components/ui/format";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { SelectField } from "@/components/ui/select-field";
import { Field } from "@/components/ui/field";
import { Section } from "@/components/ui/section";

type Props = {
  basePath: string;
  filter: PredictionFilter;
  rows: PredictionRow[];
  total: number;
  pages: number;
  hasJudge: boolean;
  scorerVersion: string | null;
};

function pageHref(basePath: string, filter: PredictionFilter, page: number): string {
  const sp = new URLSearchParams();
  if (filter.q) sp.set("q", filter.q);
  if (filter.category) sp.set("category", filter.category);
  if (filter.split) sp.set("split", filter.split);
  if (filter.sort !== "index") sp.set("sort", filter.sort);
  sp.set("page", String(page));
  return `${basePath}?${sp.toString()}#questions`;
}

/** Per-question results with search and category filter (state in the URL, works without JS). */
export function PredictionTable({ basePath, filter, rows, total, pages, hasJudge, scorerVersion }: Props) {
  const t = useTranslations("submissions");
  const tc = useTranslations("categories");
  const ts = useTranslations("splits");
  const tm = useTranslations("common.metrics");
  const categoryName = (code: string) => (tc.has(code as never) ? tc(code as never) : code);
  return (
    <Section hid="questions-h" heading={t("perQuestion")} id="questions" className="space-y-3">
      <form method="get" action={`${basePath}#questions`} className="flex flex-wrap items-end gap-3" role="search">
        <Field
          id="pq-q"
          name="q"
          type="search"
          label={t("searchLabel")}
          variant="filter"
          defaultValue={filter.q ?? ""}
        />
        <SelectField
          id="pq-cat"
          name="category"
          label={t("category")}
          defaultValue={filter.category ?? ""}
          options={[["", t("allCategories")], ...CATEGORY_CODES.map((c) => [c, `${c}: ${categoryName(c)}`] as const)]}
        />
        <SelectField
          id="pq-split"
          name="split"
          label={t("split")}
          defaultValue={filter.split ?? ""}
          options={[
            ["", t("both")],
            ["dyadic", ts("dyadic")],
            ["multi-party", ts("multi-party")],
          ]}
        />
        <SelectField
          id="pq-sort"
          name="sort"
          label={t("sortLabel")}
          defaultValue={filter.sort}
          options={[
            ["index", t("sortIndex")],
            ["worst", t("sortWorst")],
          ]}
        />
        <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
          {t("filter")}
        </button>
      </form>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t("matching", { count: total })} {t("underVersion")}{" "}
        <code data-testid="prediction-scorer-version">{scorerVersion ?? "–"}</code>.
      </p>
      <Table data-testid="prediction-table">
        <THead>
          <Tr kind="head" className="text-left">
            <Th>#</Th>
            <Th>{t("category")}</Th>
            <Th>{t("colQuestion")}</Th>
            <Th>{t("colReference")}</Th>
            <Th>{t("colAnswer")}</Th>
            <Th className="text-right">{tm("f1")}</Th>
            <Th className="text-right">{tm("bleu1")}</Th>
            {hasJudge ? <Th className="text-right">{t("colJudge")}</Th> : null}
          </Tr>
        </THead>
        <TBody>
          {rows.map((r) => (
            <Tr key={r.id} className="align-top">
              {/* Numbered as the validator numbers items ("item 6" is /predictions/5 of that file). */}
              <Td className="tabular-nums" title={`/predictions/${r.index}`} data-testid="item-number">
                {r.split === "dyadic" ? "D" : "M"}
                {r.index + 1}
              </Td>
              <Td>
                <abbr title={categoryName(r.category)}>{r.category}</abbr>
              </Td>
              <Td className="max-w-xs">{r.questionText}</Td>
              <Td className="max-w-xs">
                {r.referenceAnswer}
                {r.answerDiffers ? (
                  <span className="mt-1 block text-xs text-amber-700 dark:text-amber-300">{t("answerDiffers")}</span>
                ) : null}
              </Td>
              <Td className="max-w-xs">{r.systemAnswer || <em>{t("emptyAnswer")}</em>}</Td>
              <Td className="text-right tabular-nums">{fmt(r.f1)}</Td>
              <Td className="text-right tabular-nums">{fmt(r.bleu1)}</Td>
              {hasJudge ? <Td className="text-right tabular-nums">{fmt(r.judgeScore, 2)}</Td> : null}
            </Tr>
          ))}
        </TBody>
      </Table>
      {pages > 1 ? (
        <nav aria-label={t("pagesNav")} className="flex gap-3 text-sm">
          {filter.page > 1 ? <Link href={pageHref(basePath, filter, filter.page - 1)}>{t("previous")}</Link> : null}
          <span>{t("pageOf", { page: filter.page, pages })}</span>
          {filter.page < pages ? <Link href={pageHref(basePath, filter, filter.page + 1)}>{t("next")}</Link> : null}
        </nav>
      ) : null}
    </Section>
  );
}
