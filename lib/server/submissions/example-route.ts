import "server-only";
import type { Split } from "@/lib/scoring/types";
import { AppError } from "../errors";
import { route } from "../http";
import { exampleFile } from "./example-files";

/** One per route folder, same code. */
export function exampleFileRoute(split: Split) {
  return route(async () => {
    const file = await exampleFile(split);
    if (!file)
      throw new AppError(
        "NOT_FOUND",
        "No answer key is imported on this server yet, so there is no example file: run `h2hmem answer-key import`.",
      );
    return new Response(file.text, {
      status: 200,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${file.name}"`,
        "cache-control": "public, max-age=300",
      },
    });
  });
}
