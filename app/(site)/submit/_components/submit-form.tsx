"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { Split } from "@/lib/scoring/types";
import type { Locale } from "@/lib/i18n/locales";
import type { Messages } from "@/lib/i18n/load-messages";
import { FileDrop } from "./file-drop";
import type { IssueView } from "@/components/submissions/issue-list";
import { MethodCardFields, type CardText } from "./method-card-fields";
import { FormMessage } from "@/components/ui/form-message";
import type { SubmitLazy } from "./submit-lazy";

type Slot = { field: "dyadic" | "multiparty"; split: Split };
const SLOTS: Slot[] = [
  { field: "dyadic", split: "dyadic" },
  { field: "multiparty", split: "multi-party" },
];

type Checked = { file: File; issues: IssueView[]; ok: boolean; count: number };

/** What the form says before the visitor acts, translated on the server (issue 46). */
export type SubmitText = {
  quota: string;
  upload: string;
  uploading: string;
  fixFirst: string;
  methodNameRequired: string;
  networkError: string;
  serverRejected: string;
  slots: Record<Slot["field"], { label: string; hint: string }>;
  card: CardText;
};

/** Validates in the browser with the same parser the server uses, then uploads to API v1. */
export function SubmitForm({
  limits,
  remaining,
  text,
  locale,
  messages,
}: {
  limits: { maxBytes: number; maxItems: number; maxAnswerChars: number };
  remaining: number | null;
  text: SubmitText;
  locale: Locale;
  /** For the wording loaded with the first file or submit (submit-lazy.tsx). */
  messages: Partial<Messages>;
}) {
  const router = useRouter();
  // Issues are kept as the validator and the API report them (English, code, params) and
  // translated when shown, so a locale switch needs no re-check.
  const [lazy, setLazy] = useState<SubmitLazy | null>(null);
  async function load(): Promise<SubmitLazy> {
    if (lazy) return lazy;
    const made = (await import("./submit-lazy")).submitLazy(locale, messages);
    setLazy(made);
    return made;
  }
  const [files, setFiles] = useState<Record<string, Checked | null>>({ dyadic: null, multiparty: null });
  const [serverIssues, setServerIssues] = useState<IssueView[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(slot: Slot, file: File | null) {
    setServerIssues([]);
    if (!file) return setFiles((f) => ({ ...f, [slot.field]: null }));
    // The validator (zod and the schema, ~40 KB compressed) loads with the first file, not with the page (issue 46).
    const [{ parsePredictionFile }, bytes] = await Promise.all([
      import("@/lib/scoring/validate"),
      file.arrayBuffer().then((b) => new Uint8Array(b)),
      load(),
    ]);
    const parsed = parsePredictionFile(bytes, { file: file.name, split: slot.split, ...limits });
    setFiles((f) => ({
      ...f,
      [slot.field]: { file, issues: parsed.issues, ok: parsed.ok, count: parsed.items.length },
    }));
  }

  const chosen = Object.values(files).filter((c): c is Checked => c !== null);
  const firstBad = chosen.find((c) => !c.ok) ?? null;
  const blocked = firstBad !== null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    setFieldErrors({});
    setServerIssues([]);
    if (blocked) {
      setMessage(text.fixFirst);
      return e.currentTarget.querySelector<HTMLElement>('[data-issue="error"]')?.focus();
    }
    // The server requires both splits for a complete evaluation; say so before uploading.
    const form = new FormData(e.currentTarget);
    const { t, shown, errorText } = await load();
    const missing = SLOTS.filter((s) => !files[s.field]).map((s) => s.field);
    if (missing.length > 0) return setMessage(t("missingFiles", { files: missing.length > 1 ? "both" : missing[0]! }));
    if (!String(form.get("methodName") ?? "").trim()) return setFieldErrors({ methodName: text.methodNameRequired });
    for (const s of SLOTS) {
      form.delete(s.field);
      const c = files[s.field];
      if (c) form.append(s.field, c.file, c.file.name);
    }
    setBusy(true);
    try {
      const res = await fetch("/api/v1/submissions", { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json().catch(() => null)) as {
        id?: string;
        error?: { code?: string; message: string; details?: IssueView[] };
      } | null;
      if (res.status === 202 && body?.id) return router.push(`/submissions/${body.id}`);
      const err = body?.error;
      setMessage(errorText(err, res.status));
      const details = err?.details ?? [];
      const metaErrors = Object.fromEntries(
        shown(details.filter((d) => !d.file && d.path)).map((d) => [d.path!.split(".")[0]!, d.message]),
      );
      setFieldErrors(metaErrors);
      setServerIssues(details.filter((d) => d.file));
    } catch {
      setMessage(text.networkError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <p className="text-sm" data-testid="quota">
        {text.quota}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {SLOTS.map((s) => (
          <div key={s.field}>
            <FileDrop
              name={s.field}
              label={text.slots[s.field].label}
              hint={text.slots[s.field].hint}
              selected={files[s.field] && lazy ? lazy.selected(files[s.field]!.file) : null}
              onFile={(f) => void pick(s, f)}
            />
            {files[s.field]?.ok && lazy ? (
              <p className="mt-2 text-sm text-green-800 dark:text-green-300" data-testid={`${s.field}-valid`}>
                {lazy.t("valid", { count: files[s.field]!.count })}
              </p>
            ) : null}
            {files[s.field] && lazy ? (
              <lazy.Issues
                issues={files[s.field]!.issues}
                title={lazy.t("problemsIn", { file: files[s.field]!.file.name })}
                testId={`${s.field}-issues`}
              />
            ) : null}
          </div>
        ))}
      </div>
      <MethodCardFields errors={fieldErrors} text={text.card} />
      <FormMessage look="banner" error={message} />
      {lazy ? <lazy.Issues issues={serverIssues} title={text.serverRejected} testId="server-issues" /> : null}
      <button
        type="submit"
        disabled={busy || remaining === 0}
        className="rounded bg-blue-700 px-5 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {busy ? text.uploading : firstBad && lazy ? lazy.t("uploadBlocked", { file: firstBad.file.name }) : text.upload}
      </button>
    </form>
  );
}
