// CI's dependency audit (issue 47, point 5): `npm audit --omit=dev --audit-level=high` fails the run on a
// known high or critical advisory in what production runs. A registry that refuses the advisory service
// (a mirror or proxy allowing only GET answers 405, as on our build machines) is a different outcome:
// said in one line as "NOT audited", and it fails only with AUDIT_REQUIRED=1. An unreachable service is
// no clean bill, but failing every run on it would teach everyone to ignore this step.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ARGS = ["audit", "--omit=dev", "--audit-level=high"];

/** What `npm audit --json` printed means: "fail", "pass" or "unreachable", with one line to print. */
export function auditVerdict(stdout) {
  let report = null;
  try {
    report = JSON.parse(stdout);
  } catch {}
  const v = report?.metadata?.vulnerabilities;
  if (v) {
    const line = `npm audit (production dependencies): ${v.critical ?? 0} critical, ${v.high ?? 0} high, ${v.moderate ?? 0} moderate, ${v.low ?? 0} low`;
    return { verdict: (v.high ?? 0) + (v.critical ?? 0) > 0 ? "fail" : "pass", line };
  }
  const why = report?.message ?? report?.error?.summary ?? "no report";
  return { verdict: "unreachable", line: `npm audit: the advisory service did not answer (${why}): NOT audited` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = spawnSync("npm", [...ARGS, "--json"], { encoding: "utf8" });
  const { verdict, line } = auditVerdict(r.stdout);
  console.log(line);
  if (verdict === "fail") spawnSync("npm", ARGS, { stdio: "inherit" });
  if (verdict === "unreachable" && process.env.AUDIT_REQUIRED === "1") console.log("AUDIT_REQUIRED=1: failing");
  process.exit(verdict === "fail" || (verdict === "unreachable" && process.env.AUDIT_REQUIRED === "1") ? 1 : 0);
}
