// `h2hmem submit` as a real process against a loopback fake of API v1 (the real route is
// tested by the web module): local validation, multipart upload, --wait progress, errors.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackHost } from "@/cli/commands/submit-client";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "h2hmem-submit-"));
const item = {
  question_text: "Q?",
  question_image: "",
  system_answer: "a",
  original_answer: "a",
  category: "Unimodal Precise Recall",
};
const DYADIC = path.join(dir, "prediction_dyadic.json");
const MULTI = path.join(dir, "prediction_multiparty.json");
const BAD = path.join(dir, "bad.json");
writeFileSync(DYADIC, JSON.stringify({ predictions: [item] }));
writeFileSync(MULTI, JSON.stringify({ predictions: [item] }));
writeFileSync(BAD, JSON.stringify({ predictions: [{ ...item, category: 3 }] }));

type Seen = { method: string; url: string; auth?: string; body: string; contentType?: string };
const seen: Seen[] = [];
let mode: "ok" | "reject" = "ok";
let polls = 0;
let server: http.Server;
let base = "";

const STATES = [
  { status: "QUEUED", stage: "queued", progress: { done: 0, total: 0 } },
  { status: "SCORING_LEXICAL", stage: "lexical", progress: { done: 1, total: 2 } },
  {
    status: "SCORED",
    final: true,
    stage: "done",
    progress: { done: 2, total: 2 },
    scorerVersion: "lex-1+nltk+sw198",
    review: { state: "PENDING" },
    scores: [
      { split: "overall", scope: "ALL", metric: "f1", aggregate: "micro", value: 0.5, ciLow: 0.25, ciHigh: 0.75, n: 2 },
    ],
  },
];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString("utf8")));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        body,
        contentType: req.headers["content-type"],
      });
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && mode === "reject") {
        res.writeHead(422).end(
          JSON.stringify({
            error: {
              code: "VALIDATION_FAILED",
              message: "The submission is invalid",
              details: [
                { file: "prediction_dyadic.json", path: "/predictions/0", message: "No dyadic question matches" },
              ],
            },
          }),
        );
      } else if (req.method === "POST") {
        res.writeHead(202).end(JSON.stringify({ id: "sub1", status: "QUEUED", warnings: [] }));
      } else {
        res.writeHead(200).end(JSON.stringify({ id: "sub1", ...STATES[Math.min(polls++, STATES.length - 1)] }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

// The token comes from H2HMEM_TOKEN, as recommended (argv is visible to every local user).
function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runWith({ H2HMEM_TOKEN: "h2h_test" }, ...args);
}

function runWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { H2HMEM_TOKEN: _unused, ...inherited } = process.env;
    const child = spawn(process.execPath, [path.join(ROOT, "bin/h2hmem.mjs"), "submit", ...args], {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const common = () => ["--url", base, "--multiparty", MULTI, "--method", "My <Method>", "--org", "Lab"];

describe("h2hmem submit", () => {
  it("uploads both files as multipart with the token, follows progress and prints the scores", async () => {
    mode = "ok";
    const who = ["--ran-by", "third-party", "--method-owner", "Mem0 authors"];
    const r = await run(...common(), ...who, "--dyadic", DYADIC, "--wait", "--poll-ms", "200");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const post = seen.find((s) => s.method === "POST")!;
    expect(post.url).toBe("/api/v1/submissions");
    expect(post.auth).toBe("Bearer h2h_test");
    expect(post.contentType).toMatch(/^multipart\/form-data; boundary=/);
    for (const needle of [
      'name="dyadic"; filename="prediction_dyadic.json"',
      'name="multiparty"; filename="prediction_multiparty.json"',
      'name="methodName"',
      "My <Method>",
      'name="organization"',
      // Issue 49, point 4: who ran it.
      'name="ranBy"\r\n\r\nthird-party',
      'name="methodOwner"\r\n\r\nMem0 authors',
    ]) {
      expect(post.body).toContain(needle);
    }
    expect(r.stdout).toContain("Submitted: sub1 (QUEUED)");
    expect(r.stdout).toMatch(/SCORING_LEXICAL · lexical 1\/2/);
    expect(r.stdout).toMatch(/overall\s+n=2\s+f1 0\.5000 \[0\.2500, 0\.7500\]/);
    expect(
      seen
        .filter((s) => s.method === "GET")
        .every((s) => s.url === "/api/v1/submissions/sub1" && s.auth === "Bearer h2h_test"),
    ).toBe(true);
  }, 60_000);

  it("takes the token from --token too (with a warning), and without any token exits 2 naming H2HMEM_TOKEN", async () => {
    mode = "ok";
    const flagged = await runWith({}, ...common(), "--token", "h2h_flag", "--dyadic", DYADIC);
    expect(flagged.code).toBe(0);
    expect(flagged.stderr).toMatch(/warning: --token on the command line is visible/);
    expect(seen.filter((s) => s.method === "POST").at(-1)!.auth).toBe("Bearer h2h_flag");
    const before = seen.length;
    const none = await runWith({}, ...common(), "--dyadic", DYADIC);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no API token: set H2HMEM_TOKEN/);
    expect(seen.length).toBe(before);
  }, 60_000);

  it("does not upload an invalid file and exits 1", async () => {
    const before = seen.length;
    const r = await run(...common(), "--dyadic", BAD);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/category/);
    expect(r.stderr).toMatch(/Not uploaded/);
    expect(seen.length).toBe(before);
  }, 60_000);

  it("warns on stderr before sending the token over http:// to a non-loopback host (loopback: no warning, as above)", async () => {
    // `.invalid` never resolves (RFC 2606): the warning comes before the request, which then fails.
    const r = await run(
      "--url",
      "http://h2hmem.invalid:8080",
      "--multiparty",
      MULTI,
      "--method",
      "M",
      "--dyadic",
      DYADIC,
    );
    expect(r.stderr).toMatch(/warning: sending the API token over plain http:\/\/ to h2hmem\.invalid:8080/);
    expect(r.stderr.match(/warning: sending the API token/g)).toHaveLength(1);
    expect(r.stderr).not.toContain("h2h_test");
    expect(r.code).not.toBe(0);
  }, 60_000);

  it("counts 127.0.0.0/8, ::1 and localhost as loopback, nothing else", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "[::1]", "::1", "localhost", "LOCALHOST", "api.localhost"])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of [
      "128.0.0.1",
      "10.0.0.1",
      "example.org",
      "127.0.0.1.example.org",
      "localhost.example.org",
      "[::2]",
      "0.0.0.0",
    ])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it("prints the server's validation details and exits 1", async () => {
    mode = "reject";
    const r = await run(...common(), "--dyadic", DYADIC);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("422 VALIDATION_FAILED");
    expect(r.stderr).toContain("prediction_dyadic.json /predictions/0: No dyadic question matches");
  }, 60_000);
});
