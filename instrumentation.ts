import { checkEnvOrExit } from "@/lib/server/env";

// Next calls register() once as a server starts: a bad environment (e.g. no AUTH_URL in production)
// stops the web there with the list of problems, instead of failing its first requests.
export function register(): void {
  checkEnvOrExit("web server");
}
