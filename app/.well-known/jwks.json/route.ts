import { json, route } from "@/lib/server/http";
import { receiptJwks } from "@/lib/server/exports/receipt";

// The receipt signing keys, current and retired (docs/TRUST.md); public and the same on every replica.
export const GET = route(async () =>
  json(await receiptJwks(), {
    headers: { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" },
  }),
);
