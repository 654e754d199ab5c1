// The MCP server at /api/mcp driven by the official SDK's own client over real loopback HTTP: it
// lists the tools (each with an output schema), get_board equals GET /api/v1/leaderboard, the
// other read tools answer anonymously, validate_predictions locates errors like the CLI, and
// submit works with a token holding the `submit` scope and is refused without one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { MCP_PATH, MCP_TOOLS } from "@/lib/server/agents/tool-catalog";
import { FIXTURES, userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { gradedSubmission } from "../../support/graded-submission";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let reader: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let entry: string;
const clients: Client[] = [];
const log = logger.child({ test: "mcp" });
log.level = "error";
const stamp = `mcp-${Date.now()}`;

async function connect(token?: string): Promise<Client> {
  const client = new Client({ name: "h2hmem-test", version: "1" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}${MCP_PATH}`), { requestInit: { headers } }),
  );
  clients.push(client);
  // As real clients do: listing first makes the SDK check every result against its output schema.
  await client.listTools();
  return client;
}
const call = async (c: Client, name: string, args: Json = {}) => (await c.callTool({ name, arguments: args })) as Json;
/** A refusal's REST error body (its second text block). */
const refusal = (res: Json) => {
  expect(res.isError).toBe(true);
  expect(res.structuredContent).toBeUndefined();
  return JSON.parse(res.content[1].text);
};
const fixture = (split: string) =>
  readFileSync(path.join(FIXTURES, `good/prediction_${split}.json`), "utf8").replace(
    /"system_answer": "/,
    `"system_answer": "${stamp} `,
  );

beforeAll(async () => {
  server = await startRouteServer();
  [author, reader, admin] = await Promise.all([
    userWithToken("mcp-author", "SUBMITTER", ["submit", "read"]),
    userWithToken("mcp-reader", "SUBMITTER", ["read"]),
    userWithToken("mcp-admin", "ADMIN"),
  ]);
  entry = await gradedSubmission(admin.id, stamp, "perfect", log);
  await approveSubmission({ submissionId: entry, reviewerId: admin.id });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, reader?.id, admin?.id].filter(Boolean) } } });
});

describe("MCP server", () => {
  it("lists every tool of the catalog, each with an input and an output schema", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    for (const t of tools) {
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(t.description, t.name).toBe(MCP_TOOLS.find((c) => c.name === t.name)!.description);
    }
  });

  it("get_board gives the same board as GET /api/v1/leaderboard, anonymously", async () => {
    const c = await connect();
    const views: Array<Record<string, string>> = [
      {},
      { split: "dyadic", metric: "bleu1", aggregate: "macro" },
      { sort: "-TR", metric: "recall" },
      { track: "full-context" },
    ];
    for (const view of views) {
      // `category` is the tool's name for ranking by one scope: REST says sort=-CODE.
      const args = view.sort ? { ...view, sort: undefined, category: view.sort.slice(1) } : view;
      const res = await call(c, "get_board", args);
      expect(res.isError).toBeFalsy();
      const rest = (await (
        await fetch(`${server.url}/api/v1/leaderboard?${new URLSearchParams(view)}`)
      ).json()) as Json;
      expect(res.structuredContent).toEqual(rest);
      // The entry is a memory system: ranked in every memory view, never among full-context ones.
      expect(rest.entries.some((e: Json) => e.id === entry)).toBe(!view.track);
      expect(res.content[0].text).toMatch(/entries/);
    }
  });

  it("get_entry, compare_entries, get_format and verify_claim answer anonymously from the REST functions", async () => {
    const c = await connect();
    const e = await call(c, "get_entry", { id: entry });
    const rest = (await (await fetch(`${server.url}/api/v1/entries/${entry}`)).json()) as Json;
    expect(e.structuredContent).toEqual(rest);
    const missing = await call(c, "get_entry", { id: "no-such-entry" });
    expect(missing.isError).toBe(true);
    expect(refusal(missing).error.code).toBe("NOT_FOUND");
    const cmp = await call(c, "compare_entries", { a: entry, b: entry });
    expect(cmp.structuredContent.results[0]).toMatchObject({ scope: "ALL", diff: 0 });
    const format = await call(c, "get_format");
    expect(format.structuredContent.categories).toHaveLength(9);
    const claim = await call(c, "verify_claim", { entry, rank: 1, date: new Date().toISOString().slice(0, 10) });
    expect(claim.isError).toBeFalsy();
    expect(typeof claim.structuredContent.verified).toBe("boolean");
  });

  it("validate_predictions locates errors as the CLI does; it needs a token", async () => {
    const anon = await call(await connect(), "validate_predictions", { split: "dyadic", content: "{}" });
    expect(refusal(anon).error.code).toBe("UNAUTHORIZED");
    const c = await connect(author.token);
    const bad = await call(c, "validate_predictions", {
      split: "dyadic",
      content: JSON.stringify({
        predictions: [{ question_text: "q", system_answer: 1, original_answer: "a", category: "TR" }],
      }),
    });
    expect(bad.structuredContent).toMatchObject({ valid: false, file: "prediction_dyadic.json" });
    expect(bad.structuredContent.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "/predictions/0/system_answer", severity: "error" })]),
    );
    const good = await call(c, "validate_predictions", { split: "dyadic", content: fixture("dyadic") });
    expect(good.structuredContent.valid).toBe(true);
  });

  it("submit needs a token with the submit scope, then stores the upload as REST does", async () => {
    const args = {
      dyadic: fixture("dyadic"),
      multiparty: fixture("multiparty"),
      methodName: `mcp ${stamp}`,
      organization: "Lab",
    };
    const anon = await call(await connect(), "submit", args);
    expect(anon.isError).toBe(true);
    expect(refusal(anon).error.code).toBe("UNAUTHORIZED");
    const readOnly = await call(await connect(reader.token), "submit", args);
    expect(refusal(readOnly).error.code).toBe("FORBIDDEN");
    expect(await db.submission.count({ where: { userId: { in: [author.id, reader.id] } } })).toBe(0);

    const c = await connect(author.token);
    const res = await call(c, "submit", args);
    expect(res.isError, JSON.stringify(res)).toBeFalsy();
    const row = await db.submission.findUniqueOrThrow({ where: { id: res.structuredContent.id } });
    expect(row).toMatchObject({ userId: author.id, methodName: `mcp ${stamp}`, organization: "Lab" });
    const status = await call(c, "get_submission_status", { id: row.id });
    expect(status.structuredContent).toMatchObject({ id: row.id });
    // Another account's submission is not found, as in REST.
    const other = await call(await connect(reader.token), "get_submission_status", { id: row.id });
    expect(refusal(other).error.code).toBe("NOT_FOUND");
    // A bad method card is refused with the REST upload's located details.
    const noName = await call(c, "submit", { ...args, methodName: "" });
    expect(refusal(noName).error.details[0]).toMatchObject({ path: "methodName" });
  });

  it("a bad token is refused with 401 at the HTTP level", async () => {
    await expect(connect("h2h_not-a-token")).rejects.toThrow(/UNAUTHORIZED/);
  });
});
