import { doiInputSchema } from "@/lib/server/history/snapshot-doi";
import { fails, jsonBody, ok, operation, pathParam, rateLimited } from "./components";

// Issue 51: the instance-level EEE records and the snapshot archive.

const id = pathParam("id");

export const archivePaths = {
  "/api/v1/entries/{id}/eee-samples.jsonl": {
    get: operation(null, {
      summary:
        "Every Eval Ever instance-level records (instance_level_eval 0.2.2) of an approved entry with public predictions: one JSON line per scored prediction and metric with the question, the gold answer, the method's answer, the score and, for the judge, its reasoning. eee.json's `detailed_evaluation_results` gives its checksum and row count.",
      parameters: [id],
      responses: {
        "200": {
          description: "JSON Lines.",
          headers: { ETag: { schema: { type: "string" } } },
          content: { "application/x-ndjson": { schema: { type: "string" } } },
        },
        "304": { description: "Not modified (If-None-Match matched the ETag)." },
        ...fails(
          ["NOT_FOUND", "No approved entry with this id, or its predictions are private."],
          ["GONE", "The entry was withdrawn or unpublished."],
          rateLimited,
        ),
      },
    }),
  },
  "/api/v1/snapshots/{id}/archive": {
    get: operation(null, {
      summary:
        "The snapshot as one deposit-ready bundle, built on demand and streamed: board.json/csv and manifest, each entry's method card, scores and public prediction files, the answer key's metadata (no gold answers), the scorer version with its judge card, CITATION.cff, a README for re-scoring offline with the single-file CLI and MANIFEST.sha256. Reproducible: the same snapshot gives the same bytes while its entries' stored rows are unchanged.",
      parameters: [id],
      responses: {
        "200": {
          description: "The .tar.gz.",
          content: { "application/gzip": { schema: { type: "string", format: "binary" } } },
        },
        ...fails(["NOT_FOUND", "No such snapshot."], rateLimited),
      },
    }),
  },
  "/api/v1/admin/snapshots/{id}/doi": {
    put: operation("admin", {
      summary:
        "Record the DOI of a snapshot's deposited archive (e.g. from Zenodo), or remove it with null; audited (snapshot.doi). It then shows on the snapshot, in its cite text and in the Atom feed.",
      parameters: [id],
      requestBody: jsonBody(doiInputSchema),
      responses: {
        ...ok("`{id, doi}`", {
          type: "object",
          required: ["id", "doi"],
          properties: { id: { type: "string" }, doi: { type: ["string", "null"] } },
        }),
        ...fails(["NOT_FOUND", "No such snapshot."]),
      },
    }),
  },
};
