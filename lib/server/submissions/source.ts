import "server-only";
import { z } from "zod";
import { gitHubEndpoints } from "../env";
import type { ErrorDetail } from "../errors";

export const entrySourceSchema = z
  .strictObject({
    repo: z.string().meta({ description: "Repository OWNER/NAME the submission was made from." }),
    commit: z.string().nullable().meta({ description: "Commit SHA (hex)." }),
    run: z
      .string()
      .nullable()
      .meta({ description: "URL of the GitHub Actions run (a bare run id is expanded to one)." }),
    verified: z.boolean().meta({
      description:
        "true: repo, commit and run come from a CI OIDC token the server verified (issuer, audience, signature, expiry) at upload. false: stated by the submitter (typed, unchecked).",
    }),
    ref: z
      .string()
      .nullable()
      .meta({ description: "Git ref of the run (the token's `ref` claim); null unless verified." }),
    workflow: z
      .string()
      .nullable()
      .meta({ description: "Workflow file and ref (the token's `workflow_ref` claim); null unless verified." }),
  })
  .meta({ description: "Where a CI submission came from (the GitHub Action); null for other submissions." });
export type EntrySource = z.infer<typeof entrySourceSchema>;

type SourceRow = {
  sourceRepo: string | null;
  sourceCommit: string | null;
  sourceRun: string | null;
  sourceVerifiedAt: Date | null;
  sourceRef: string | null;
  sourceWorkflow: string | null;
};

/** A run id becomes the run URL on the configured GitHub host. */
export function sourceOf(s: SourceRow): EntrySource | null {
  if (!s.sourceRepo) return null;
  const web = gitHubEndpoints().webUrl;
  const run =
    s.sourceRun && /^\d+$/.test(s.sourceRun) ? `${web}/${s.sourceRepo}/actions/runs/${s.sourceRun}` : s.sourceRun;
  const verified = s.sourceVerifiedAt !== null;
  return {
    repo: s.sourceRepo,
    commit: s.sourceCommit,
    run,
    verified,
    ref: verified ? s.sourceRef : null,
    workflow: verified ? s.sourceWorkflow : null,
  };
}

/** Checks that need the server's configuration (the run URL's host). */
export function sourceHostErrors(meta: { sourceRun?: string }): ErrorDetail[] {
  if (!meta.sourceRun || /^\d+$/.test(meta.sourceRun)) return [];
  const host = new URL(gitHubEndpoints().webUrl).host;
  if (new URL(meta.sourceRun).host.toLowerCase() === host.toLowerCase()) return [];
  return [
    {
      code: "FIELD_INVALID_VALUE",
      file: "",
      path: "sourceRun",
      message: `must be a run on ${host} (or a bare run id)`,
      params: { host },
    },
  ];
}
