import { accountPaths } from "./account-paths";
import { adminPaths } from "./admin-paths";
import { generatedComponents, handWritten, securitySchemes } from "./components";
import { publicPaths } from "./public-paths";
import { historyPaths } from "./history-paths";
import { archivePaths } from "./archive-paths";
import { disputePaths } from "./dispute-paths";
import { questionPaths } from "./question-paths";

// OpenAPI description of every /api/v1 endpoint, kept next to the routes so a change of one is seen
// with the other; a test fails on a route handler without its operation here.

export const OPENAPI = {
  openapi: "3.1.0",
  info: {
    title: "H2HMem Leaderboard API",
    version: "1",
    description:
      "Public read endpoints need no sign-in; their responses carry an ETag (send If-None-Match to get 304) and each client address may make 600 requests per minute. " +
      "Author and admin endpoints take `Authorization: Bearer h2h_…` (an API token with the scope each operation names in `security` and `x-token-scope`) or the browser session. " +
      "Every error is `Error` with the HTTP status of its code; every response carries X-Request-Id; 500 INTERNAL and 503 UNAVAILABLE (database briefly unreachable, Retry-After) may answer any request.",
  },
  paths: {
    ...publicPaths,
    ...questionPaths,
    ...historyPaths,
    ...archivePaths,
    ...disputePaths,
    ...accountPaths,
    ...adminPaths,
  },
  components: { schemas: { ...generatedComponents, ...handWritten }, securitySchemes },
};
