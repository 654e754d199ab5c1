import { requireApiCaller, requireApiUser, requireScope, json, route, type ApiCaller } from "@/lib/server/http";
import { env } from "@/lib/server/env";
import { AppError, isAppError } from "@/lib/server/errors";
import { clientIp, consume } from "@/lib/server/rate-limit";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { assertSubmissionsOpen } from "@/lib/server/submissions/pause";
import { verifyCiToken } from "@/lib/server/submissions/ci-token";
import { listOwnSubmissions } from "@/lib/server/submissions/submission-views";
import { acquireUploadSlot } from "@/lib/server/submissions/upload-slots";
import { submissionMetaSchema } from "@/lib/validation/submission-meta";
import { fileField, metaFields, readMultipart } from "./read-multipart";

// Two files of up to UPLOAD_MAX_BYTES each, plus room for the text fields and multipart framing.
const FIELDS_ALLOWANCE = 256 * 1024;

export const POST = route(async (req) => {
  const caller = await requireApiCaller(req, "submit");
  await consume("api-ip", clientIp(req.headers));
  // Refused before the body is read; createSubmission checks again for every other path.
  await assertSubmissionsOpen();
  // Quota, per-process and per-account in-flight limits are decided before the body is read.
  const slot = await acquireUploadSlot(caller.user.id);
  let bodyTimedOut = false;
  try {
    return await receive(req, caller);
  } catch (e) {
    bodyTimedOut = isAppError(e) && e.code === "REQUEST_TIMEOUT";
    throw e;
  } finally {
    await slot.release({ bodyTimedOut });
  }
});

async function receive(req: Request, caller: ApiCaller): Promise<Response> {
  const userId = caller.user.id;
  const form = await readMultipart(req, 2 * env.UPLOAD_MAX_BYTES + FIELDS_ALLOWANCE, env.UPLOAD_BODY_TIMEOUT_MS);
  const meta = metaFields(form);
  // Public files cannot be taken back: a token needs the publish scope to ask for them.
  if (submissionMetaSchema.shape.publicPredictions.safeParse(meta.publicPredictions).data === true)
    requireScope(caller, "publish");
  const dyadic = await fileField(form, "dyadic");
  const multiparty = await fileField(form, "multiparty");
  if (!dyadic && !multiparty) {
    throw new AppError("BAD_REQUEST", "Attach at least one prediction file: `dyadic` and/or `multiparty`.", {
      details: [
        { code: "FIELD_REQUIRED", path: "dyadic", message: "missing file" },
        { code: "FIELD_REQUIRED", path: "multiparty", message: "missing file" },
      ],
    });
  }
  // Size limits, the method card and the files are checked once, by createSubmission.
  // A CI OIDC token (the GitHub Action with id-token: write): verified before anything is stored.
  const ciToken = form.get("ciToken");
  if (ciToken !== null && typeof ciToken !== "string")
    throw new AppError("BAD_REQUEST", "Field `ciToken` must be text.");
  const ciProvenance = ciToken ? await verifyCiToken(ciToken.trim()) : undefined;
  const res = await createSubmission({ userId, files: { dyadic, multiparty }, meta, ciProvenance });
  return json(
    { id: res.id, status: res.status, warnings: res.warnings },
    { status: 202, headers: { location: `/api/v1/submissions/${res.id}` } },
  );
}

export const GET = route(async (req) => {
  const user = await requireApiUser(req, "read");
  return json({ submissions: await listOwnSubmissions(user.id) });
});
