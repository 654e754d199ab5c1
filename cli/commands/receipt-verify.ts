// The work of `h2hmem receipt verify`: a receipt is valid when its signature checks against a key
// of the JWKS and every prediction file given has the sha-256 the receipt names (docs/TRUST.md).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { base64url, compactVerify, createLocalJWKSet, errors, type JSONWebKeySet } from "jose";
import { RECEIPT_ALG, RECEIPT_TYP, receiptPayloadSchema, type ReceiptPayload } from "../../lib/validation/receipt";
import { EXIT_INVALID, EXIT_OK, UsageError } from "../errors";
import { fixed, table } from "../format";

export type ReceiptVerifyOptions = { jwks?: string; dyadic?: string; multiparty?: string; json?: boolean };
type FileCheck = { split: string; fileName: string; sha256: string; given: string | null; ok: boolean | null };

function readInput(file: string, what: string): Buffer {
  if (!existsSync(file) || statSync(file).isDirectory()) throw new UsageError(`${what} not found: ${file}`);
  return readFileSync(file);
}

async function loadJwks(source: string): Promise<JSONWebKeySet> {
  const text = /^https?:\/\//i.test(source)
    ? await fetch(source, { headers: { accept: "application/json" } }).then(async (r) => {
        if (!r.ok) throw new Error(`the JWKS at ${source} answered ${r.status}`);
        return r.text();
      })
    : readInput(source, "--jwks file").toString("utf8");
  let jwks: JSONWebKeySet | undefined;
  try {
    jwks = JSON.parse(text) as JSONWebKeySet;
  } catch {
    // reported below
  }
  if (!Array.isArray(jwks?.keys)) throw new Error(`${source} is not a JWKS (a JSON object {"keys": [...]})`);
  return jwks as JSONWebKeySet;
}

/** The issuer the receipt claims, only to find its JWKS when --jwks is not given; nothing else trusts it. */
function claimedIssuer(jws: string): string | null {
  try {
    const iss = (JSON.parse(new TextDecoder().decode(base64url.decode(jws.split(".")[1] ?? ""))) as { iss?: unknown })
      .iss;
    return typeof iss === "string" && /^https?:\/\//.test(iss) ? iss : null;
  } catch {
    return null;
  }
}

function signatureProblem(e: unknown, source: string): string {
  if (e instanceof errors.JWSSignatureVerificationFailed)
    return "the signature does not match: the receipt was changed after it was signed (a score, a hash, any byte), or another key signed it";
  if (e instanceof errors.JWKSNoMatchingKey)
    return `no key in ${source} signed this receipt: use the JWKS of the leaderboard that issued it`;
  if (e instanceof errors.JWSInvalid || e instanceof errors.JOSEAlgNotAllowed)
    return `not a receipt (a compact JWS signed with ${RECEIPT_ALG}): ${(e as Error).message}`;
  return (e as Error).message;
}

async function check(jws: string, jwksSource: string, opts: ReceiptVerifyOptions) {
  const problems: string[] = [];
  let receipt: ReceiptPayload | null = null;
  let kid: string | null = null;
  try {
    const jwks = await loadJwks(jwksSource);
    const v = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: [RECEIPT_ALG] });
    kid = v.protectedHeader.kid ?? null;
    const parsed = receiptPayloadSchema.safeParse(JSON.parse(new TextDecoder().decode(v.payload)));
    if (v.protectedHeader.typ !== RECEIPT_TYP)
      problems.push(`signed, but not a score receipt (typ ${v.protectedHeader.typ})`);
    else if (!parsed.success)
      problems.push(`signed, but not a receipt of this format: ${parsed.error.issues[0]?.message}`);
    else receipt = parsed.data;
  } catch (e) {
    problems.push(signatureProblem(e, jwksSource));
  }
  const files: FileCheck[] = (receipt?.files ?? []).map((f) => ({ ...f, given: null, ok: null }));
  for (const [file, split] of [
    [opts.dyadic, "dyadic"],
    [opts.multiparty, "multi-party"],
  ] as const) {
    if (!file) continue;
    const sha = createHash("sha256")
      .update(readInput(file, `--${split.replace("-", "")} file`))
      .digest("hex");
    const named = files.find((f) => f.split === split);
    if (!receipt) continue;
    if (!named) problems.push(`the receipt names no ${split} file`);
    else {
      Object.assign(named, { given: file, ok: named.sha256 === sha });
      if (!named.ok)
        problems.push(
          `${path.basename(file)}: sha-256 ${sha} differs from the receipt's ${named.sha256} (${named.fileName}): not the file that was scored`,
        );
    }
  }
  return { valid: problems.length === 0, problems, kid, jwks: jwksSource, files, receipt };
}

export async function runReceiptVerify(file: string, opts: ReceiptVerifyOptions): Promise<number> {
  const jws = readInput(file, "receipt").toString("utf8").trim();
  const issuer = claimedIssuer(jws);
  const jwksSource = opts.jwks ?? (issuer ? `${issuer}/.well-known/jwks.json` : null);
  if (!jwksSource)
    throw new UsageError("the receipt names no issuer: pass the leaderboard's keys with --jwks URL|FILE");
  const result = await check(jws, jwksSource, opts);
  if (opts.json) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  else if (!result.valid)
    process.stderr.write(result.problems.map((p) => `h2hmem receipt verify: INVALID: ${p}\n`).join(""));
  else process.stdout.write(report(result.receipt!, result.kid, jwksSource, result.files) + "\n");
  return result.valid ? EXIT_OK : EXIT_INVALID;
}

function report(r: ReceiptPayload, kid: string | null, jwks: string, files: FileCheck[]): string {
  const headline = r.scores.filter((s) => s.scope === "ALL" && s.aggregate === "micro");
  return [
    `Receipt valid: signed by key ${kid ?? "(no kid)"} of ${jwks}, issued ${r.issuedAt} by ${r.iss}.`,
    `Entry ${r.entry.id} (${r.methodName}) ${r.entry.url}`,
    `Scorer ${r.scorerVersion}; answer key ${r.answerKey ? `${r.answerKey.label} (${r.answerKey.sha256.slice(0, 12)})` : "none"}; snapshot ${r.snapshotId ?? "none yet"}`,
    ...files.map(
      (f) =>
        `${f.fileName} (${f.split}) sha-256 ${f.sha256}: ${f.ok ? `matches ${f.given}` : "not checked (pass --dyadic/--multiparty)"}`,
    ),
    table(
      ["split", "metric", "value", "95% interval", "n"],
      headline.map((s) => [s.split, s.metric, fixed(s.value), `[${fixed(s.ciLow)}, ${fixed(s.ciHigh)}]`, String(s.n)]),
    ),
    `${r.scores.length} signed numbers in all (every split, scope, metric and average).`,
  ].join("\n");
}
