"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { parsePredictionFile } from "@/lib/scoring/validate";
import type { Split } from "@/lib/scoring/types";
import { FileDrop } from "./file-drop";
import { IssueList, type IssueView } from "@/components/submissions/issue-list";
import { MethodCardFields } from "./method-card-fields";

type Slot = { field: "dyadic" | "multiparty"; split: Split; label: string; hint: string };
const SLOTS: Slot[] = [
  { field: "dyadic", split: "dyadic", label: "Dyadic predictions", hint: "prediction_dyadic.json." },
  { field: "multiparty", split: "multi-party", label: "Multi-party predictions", hint: "prediction_multiparty.json (or prediction_multi_party.json)." },
];

type Checked = { file: File; issues: IssueView[]; ok: boolean; count: number };

/** Validates in the browser with the same parser the server uses, then uploads to API v1. */
export function SubmitForm({ limits, remaining }: { limits: { maxBytes: number; maxItems: number; maxAnswerChars: number }; remaining: number | null }) {
  const router = useRouter();
  const [files, setFiles] = useState<Record<string, Checked | null>>({ dyadic: null, multiparty: null });
  const [serverIssues, setServerIssues] = useState<IssueView[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(slot: Slot, file: File | null) {
    setServerIssues([]);
    if (!file) return setFiles((f) => ({ ...f, [slot.field]: null }));
    const bytes = new Uint8Array(await file.arrayBuffer());
    const parsed = parsePredictionFile(bytes, { file: file.name, split: slot.split, ...limits });
    setFiles((f) => ({ ...f, [slot.field]: { file, issues: parsed.issues, ok: parsed.ok, count: parsed.items.length } }));
  }

  const chosen = Object.values(files).filter((c): c is Checked => c !== null);
  const blocked = chosen.some((c) => !c.ok);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setMessage(null);
    setFieldErrors({});
    setServerIssues([]);
    if (blocked) return setMessage("Fix the errors listed under the files before uploading.");
    // The server requires both splits for a complete evaluation; say so before uploading.
    const missing = SLOTS.filter((s) => !files[s.field]).map((s) => s.label.toLowerCase());
    if (missing.length > 0) return setMessage(`Choose the ${missing.join(" and ")} file${missing.length > 1 ? "s" : ""}: both splits are required.`);
    const form = new FormData(e.currentTarget);
    if (!String(form.get("methodName") ?? "").trim()) return setFieldErrors({ methodName: "Method name is required." });
    for (const s of SLOTS) {
      form.delete(s.field);
      const c = files[s.field];
      if (c) form.append(s.field, c.file, c.file.name);
    }
    setBusy(true);
    try {
      const res = await fetch("/api/v1/submissions", { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json().catch(() => null)) as { id?: string; error?: { message: string; details?: IssueView[] } } | null;
      if (res.status === 202 && body?.id) return router.push(`/submissions/${body.id}`);
      const err = body?.error;
      setMessage(err?.message ?? `Upload failed (HTTP ${res.status}).`);
      const details = err?.details ?? [];
      const metaErrors = Object.fromEntries(details.filter((d) => !d.file && d.path).map((d) => [d.path!.split(".")[0]!, d.message]));
      setFieldErrors(metaErrors);
      setServerIssues(details.filter((d) => d.file));
    } catch {
      setMessage("Network error: the upload did not reach the server. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <p className="text-sm" data-testid="quota">
        {remaining === null ? "Administrators have no daily submission limit." : `You can make ${remaining} more submission${remaining === 1 ? "" : "s"} in the next 24 hours.`}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {SLOTS.map((s) => (
          <div key={s.field}>
            <FileDrop name={s.field} label={s.label} hint={s.hint} file={files[s.field]?.file ?? null} onFile={(f) => void pick(s, f)} />
            {files[s.field]?.ok ? (
              <p className="mt-2 text-sm text-green-800 dark:text-green-300" data-testid={`${s.field}-valid`}>
                Valid: {files[s.field]!.count} predictions.
              </p>
            ) : null}
            <IssueList issues={files[s.field]?.issues ?? []} title={`Problems in ${files[s.field]?.file.name ?? s.field}`} testId={`${s.field}-issues`} />
          </div>
        ))}
      </div>
      <MethodCardFields errors={fieldErrors} />
      {message ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {message}
        </p>
      ) : null}
      <IssueList issues={serverIssues} title="The server rejected the files" testId="server-issues" />
      <button type="submit" disabled={busy || remaining === 0} className="rounded bg-blue-700 px-5 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60">
        {busy ? "Uploading…" : "Upload and score"}
      </button>
    </form>
  );
}
