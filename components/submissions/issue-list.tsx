import { useTranslations } from "next-intl";
import { pathParts } from "./issue-path";

export type IssueView = {
  severity?: "error" | "warning";
  code?: string;
  file?: string;
  path?: string;
  message: string;
  fix?: string;
};

export function IssueList({ issues, title, testId }: { issues: IssueView[]; title: string; testId?: string }) {
  const t = useTranslations("submissions.issueList");
  if (issues.length === 0) return null;
  const errors = issues.filter((i) => i.severity !== "warning").length;
  return (
    <section aria-label={title} data-testid={testId} className="mt-3">
      <h3 className="text-sm font-semibold">{t("heading", { title, errors, warnings: issues.length - errors })}</h3>
      {/* Focusable: a long list scrolls, and keyboard users must be able to scroll it (axe). */}
      <ul tabIndex={0} className="mt-2 max-h-80 space-y-1 overflow-auto text-sm">
        {issues.slice(0, 500).map((i, k) => (
          <li
            key={k}
            // Errors take focus when an upload is refused (the form moves the user to the first one).
            {...(i.severity === "warning" ? {} : { tabIndex: -1, "data-issue": "error" })}
            className={
              i.severity === "warning"
                ? "rounded border-l-4 border-amber-500 bg-amber-50 px-2 py-1 dark:bg-amber-950"
                : "rounded border-l-4 border-red-600 bg-red-50 px-2 py-1 focus:outline-2 focus:outline-blue-700 dark:bg-red-950"
            }
          >
            <span className="font-medium">{i.severity === "warning" ? t("warning") : t("error")}</span>{" "}
            {i.code ? <code className="text-xs">{i.code} </code> : null}
            {i.file ? <span className="text-slate-600 dark:text-slate-300">{i.file} </span> : null}
            {i.path ? <IssuePath path={i.path} /> : null}: {i.message}
            {i.fix ? (
              <span className="block text-slate-700 dark:text-slate-300">{t("fix", { fix: i.fix })}</span>
            ) : null}
          </li>
        ))}
        {issues.length > 500 ? <li>{t("more", { count: issues.length - 500 })}</li> : null}
      </ul>
    </section>
  );
}

/** "item 6 (system_answer)" for people, then the JSON path tools use. */
function IssuePath({ path }: { path: string }) {
  const t = useTranslations("submissions.issueList");
  const { item, field } = pathParts(path);
  return (
    <>
      {item !== null ? (
        <span className="font-medium" data-testid="issue-item">
          {t("item", { n: item, field: field ?? "none" })}{" "}
        </span>
      ) : null}
      <code className="rounded bg-black/5 px-1 dark:bg-white/10" title={t("jsonPath")}>
        {path}
      </code>
    </>
  );
}
