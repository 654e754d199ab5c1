import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { env } from "../env";
import type { ApiCaller } from "../http";
import { registerReadTools } from "./mcp-read-tools";
import { registerWriteTools } from "./mcp-write-tools";

// Stateless Streamable HTTP: a server and a transport per request, so any web instance answers any
// call and nothing is kept between requests (no session id; JSON answers, no SSE stream).

// Two files of UPLOAD_MAX_BYTES as JSON strings (escaping grows them), plus the method card.
const bodyLimit = () => 3 * env.UPLOAD_MAX_BYTES + 256 * 1024;

export function buildMcpServer(caller: ApiCaller | null): McpServer {
  const server = new McpServer({ name: "h2hmem-leaderboard", version: "1" });
  registerReadTools(server);
  registerWriteTools(server, caller);
  return server;
}

export async function handleMcpRequest(req: Request, caller: ApiCaller | null): Promise<Response> {
  const server = buildMcpServer(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: bodyLimit(),
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}
