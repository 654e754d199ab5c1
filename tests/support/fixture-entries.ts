import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { scoreSubmissionPipeline } from "@/workers/processors/score-submission";
import { fixtureBlob } from "./api-helpers";

/**
 * A fixture submission (`good` or `perfect`, made unique by a stamp) stored, scored in this
 * process by the worker's pipeline and, unless `approve` is false, approved by `adminId`.
 */
export async function scoredFixtureEntry(opts: {
  authorId: string;
  adminId: string;
  dir: "good" | "perfect";
  approve?: boolean;
}): Promise<string> {
  const stamp = `fixture-${opts.dir}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const multiparty = opts.dir === "perfect" ? "prediction_multi_party.json" : "prediction_multiparty.json";
  const bytes = async (rel: string) => new Uint8Array(await fixtureBlob(rel, stamp).arrayBuffer());
  const files = {
    dyadic: { fileName: "prediction_dyadic.json", bytes: await bytes(`${opts.dir}/prediction_dyadic.json`) },
    multiparty: { fileName: multiparty, bytes: await bytes(`${opts.dir}/${multiparty}`) },
  };
  const { id } = await createSubmission({ userId: opts.authorId, files, meta: { methodName: stamp }, enqueue: false });
  if ((await scoreSubmissionPipeline(id, logger.child({ test: "fixture-entry" }))) !== "scored")
    throw new Error(`fixture ${id} was not scored`);
  if (opts.approve !== false) await approveSubmission({ submissionId: id, reviewerId: opts.adminId });
  return id;
}
