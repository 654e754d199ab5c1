import { conditional, etagged } from "@/lib/server/exports/export";
import { OPENAPI } from "./spec";

const body = etagged(JSON.stringify(OPENAPI, null, 2));

export function GET(req: Request): Response {
  return conditional(req, body, "application/json; charset=utf-8");
}
