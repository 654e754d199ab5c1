import { getLocale, getTranslations } from "next-intl/server";
import {
  PREDICTION_FIELDS,
  PREDICTION_FILE_ALIASES,
  PREDICTION_FILE_NAMES,
  isOptionalField,
} from "@/lib/scoring/validate";
import { CATEGORIES, CATEGORY_CODES, SPLITS, type Split } from "@/lib/scoring/types";
import { formatter } from "@/lib/i18n/format";
import { Table, TBody, THead, Td, Th, Tr } from "@/components/ui/table";
import { RICH_TAGS } from "@/components/ui/rich-text";

// Every fact comes from its one home in lib/scoring or the upload limits, never retyped here.

type Props = {
  limits: { maxBytes: number; maxItems: number; maxAnswerChars: number };
  /** Example download per split; null while no answer key is imported. */
  examples: Record<Split, string> | null;
  cliPath: string;
};

const SPLIT_KEY = { dyadic: "dyadic", "multi-party": "multiparty" } as const;

export async function FormatSection({ limits, examples, cliPath }: Props) {
  const [t, tc, tv, locale] = await Promise.all([
    getTranslations("submitFormat"),
    getTranslations("categories"),
    getTranslations("validation.fieldHints"),
    getLocale(),
  ]);
  const f = formatter(locale);
  const h3 = "mt-4 font-semibold";
  return (
    <section
      aria-labelledby="format-heading"
      data-testid="submit-format"
      className="max-w-4xl space-y-2 rounded border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <h2 id="format-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <ul className="list-disc space-y-1 pl-5" data-testid="format-files">
        {SPLITS.map((split) => (
          <li key={split}>
            {t.rich(`files.${SPLIT_KEY[split]}`, {
              ...RICH_TAGS,
              name: PREDICTION_FILE_NAMES[split],
              aliases: PREDICTION_FILE_ALIASES[split].join(", "),
              count: PREDICTION_FILE_ALIASES[split].length,
            })}
          </li>
        ))}
      </ul>
      <p>{t.rich("shape", { ...RICH_TAGS, format: '{"predictions": [{…}, …]}' })}</p>
      <h3 className={h3}>{t("fieldsHeading", { count: PREDICTION_FIELDS.length })}</h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]" data-testid="format-fields">
        {PREDICTION_FIELDS.map((field) => (
          <div key={field} className="contents">
            <dt>
              <code>{field}</code>{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({t(isOptionalField(field) ? "optional" : "required")})
              </span>
            </dt>
            <dd className="max-sm:mb-2">{tv(field)}</dd>
          </div>
        ))}
      </dl>
      <h3 className={h3}>{t("categoriesHeading", { count: CATEGORY_CODES.length })}</h3>
      <p>{t.rich("categoriesIntro", { ...RICH_TAGS, example: `${CATEGORIES.TR.name} (TR)` })}</p>
      <Table label={t("categoriesHeading", { count: CATEGORY_CODES.length })} data-testid="format-categories">
        <THead>
          <Tr kind="head">
            <Th>{t("code")}</Th>
            <Th>{t("name")}</Th>
            <Th>{t("aliases")}</Th>
          </Tr>
        </THead>
        <TBody>
          {CATEGORY_CODES.map((code) => (
            <Tr key={code}>
              <Td>
                <code>{code}</code>
              </Td>
              <Td>
                <code>{CATEGORIES[code].name}</code>
                {tc(code) !== CATEGORIES[code].name ? <span className="block">{tc(code)}</span> : null}
              </Td>
              <Td>
                {CATEGORIES[code].aliases.length === 0
                  ? t("noAliases")
                  : CATEGORIES[code].aliases.map((a, i) => (
                      <span key={a}>
                        {i > 0 ? ", " : ""}
                        <code>{a}</code>
                      </span>
                    ))}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <h3 className={h3}>{t("limitsHeading")}</h3>
      <ul className="list-disc space-y-1 pl-5" data-testid="format-limits">
        <li>{t("maxBytes", { size: f.bytes(limits.maxBytes) })}</li>
        <li>{t("maxItems", { count: f.integer(limits.maxItems) })}</li>
        <li>{t("maxAnswerChars", { count: f.integer(limits.maxAnswerChars) })}</li>
      </ul>
      <h3 className={h3}>{t("examplesHeading")}</h3>
      {examples ? (
        <>
          <p>{t("examplesIntro")}</p>
          <ul className="list-disc space-y-1 pl-5">
            {SPLITS.map((split) => (
              <li key={split}>
                <a href={examples[split]} download data-testid={`example-${SPLIT_KEY[split]}`}>
                  {examples[split].split("/").pop()}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t("noExamples")}</p>
      )}
      <h3 className={h3}>{t("validateHeading")}</h3>
      <p>{t.rich("validateIntro", { ...RICH_TAGS, cli: cliPath })}</p>
      <pre className="overflow-x-auto rounded bg-slate-100 p-2 dark:bg-slate-900" data-testid="format-cli" tabIndex={0}>
        <code>{SPLITS.map((split) => `node h2hmem.mjs validate ${PREDICTION_FILE_NAMES[split]}`).join("\n")}</code>
      </pre>
    </section>
  );
}
