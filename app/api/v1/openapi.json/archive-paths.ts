import { fails, operation, pathParam, rateLimited } from "./components";

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
};
