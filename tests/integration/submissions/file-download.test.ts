// Uploaded files can be downloaded byte for byte by their owner (and admins), never by others.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/v1/submissions/[id]/files/[split]/route";
import { createSubmission } from "@/lib/server/submissions/create-submission";
import { FIXTURES, ctx, req, userWithToken } from "../../support/api-helpers";

describe("GET /api/v1/submissions/{id}/files/{split}", () => {
  it("returns the exact uploaded bytes to the owner and 404 to anyone else", async () => {
    const owner = await userWithToken("download-owner", "SUBMITTER");
    const other = await userWithToken("download-other", "SUBMITTER");
    // Unique bytes per run (uploads are deduplicated by content), with a BOM kept verbatim.
    const dyadic = new TextEncoder().encode(
      "\uFEFF" +
        readFileSync(path.join(FIXTURES, "good/prediction_dyadic.json"), "utf8").replace(
          "{",
          `{"_run": "${Date.now()}", `,
        ),
    );
    const multiparty = new Uint8Array(readFileSync(path.join(FIXTURES, "good/prediction_multiparty.json")));
    const sub = await createSubmission({
      userId: owner.id,
      files: {
        dyadic: { fileName: "prediction_dyadic.json", bytes: dyadic },
        multiparty: { fileName: "prediction_multi_party.json", bytes: multiparty },
      },
      meta: { methodName: "download test" },
      enqueue: false,
    });

    const res = await download(
      req(`/api/v1/submissions/${sub.id}/files/dyadic`, { token: owner.token }),
      ctx({ id: sub.id, split: "dyadic" }),
    );
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.compare(Buffer.from(body), Buffer.from(dyadic))).toBe(0);
    expect(res.headers.get("etag")).toBe(`"${createHash("sha256").update(dyadic).digest("hex")}"`);
    expect(res.headers.get("content-disposition")).toContain('filename="prediction_dyadic.json"');

    const mp = await download(
      req(`/api/v1/submissions/${sub.id}/files/multi-party`, { token: owner.token }),
      ctx({ id: sub.id, split: "multi-party" }),
    );
    expect(mp.headers.get("content-disposition")).toContain('filename="prediction_multi_party.json"');

    const denied = await download(
      req(`/api/v1/submissions/${sub.id}/files/dyadic`, { token: other.token }),
      ctx({ id: sub.id, split: "dyadic" }),
    );
    expect(denied.status).toBe(404);
    expect(await denied.text()).not.toContain("download test");
    const badSplit = await download(
      req(`/api/v1/submissions/${sub.id}/files/other`, { token: owner.token }),
      ctx({ id: sub.id, split: "other" }),
    );
    expect(badSplit.status).toBe(404);
  });
});
