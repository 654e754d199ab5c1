import { authenticate, route } from "@/lib/server/http";
import { consume, clientIp } from "@/lib/server/rate-limit";
import { handleMcpRequest } from "@/lib/server/agents/mcp-server";

// The MCP server (Streamable HTTP, stateless): read tools for anyone, write tools with an API token
// as Bearer. Limited per client address like the REST API; a bad token is refused here with 401.
export const POST = route(async (req) => {
  await consume("api-ip", clientIp(req.headers));
  return handleMcpRequest(req, await authenticate(req));
});
