import "server-only";
import type { TokenScope } from "@/generated/prisma/enums";

// The MCP tools' names and one-line descriptions, read by the server (mcp-server.ts) and by /llms.txt.

export const MCP_PATH = "/api/mcp";

type ToolInfo = { name: string; description: string; scope: TokenScope | null };

export const MCP_TOOLS = [
  {
    name: "get_board",
    description:
      "The ranked board for one view (split, metric, aggregate, category, track, ...): the same entries and numbers as GET /api/v1/leaderboard.",
    scope: null,
  },
  {
    name: "get_entry",
    description: "One approved entry: method card, scores and intervals (GET /api/v1/entries/{id}).",
    scope: null,
  },
  {
    name: "compare_entries",
    description: "Two approved entries side by side with the paired bootstrap test on the questions both answered.",
    scope: null,
  },
  {
    name: "verify_claim",
    description:
      "Checks whether an entry held a rank in a view of the board on a date, against its snapshots (GET /api/v1/claims/verify).",
    scope: null,
  },
  {
    name: "get_judge_card",
    description: "The LLM judge's card: model, prompt version, calibration (GET /api/v1/judge/card).",
    scope: null,
  },
  {
    name: "get_format",
    description: "The prediction file format, the 9 categories and the upload limits.",
    scope: null,
  },
  {
    name: "validate_predictions",
    description: "Validates one prediction file's text for a split; the same located errors as `h2hmem validate`.",
    scope: "submit",
  },
  {
    name: "submit",
    description: "Uploads the two prediction files' text with a method card, as POST /api/v1/submissions.",
    scope: "submit",
  },
  {
    name: "get_submission_status",
    description: "Status, stage progress, review and scores of one of your submissions.",
    scope: "read",
  },
] as const satisfies readonly ToolInfo[];

export type McpToolName = (typeof MCP_TOOLS)[number]["name"];

export function toolInfo(name: McpToolName): ToolInfo {
  return MCP_TOOLS.find((t) => t.name === name)!;
}
