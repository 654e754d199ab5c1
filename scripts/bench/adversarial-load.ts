// The attacks of the adversarial run (scripts/bench/adversarial.ts), each a loop until `until`:
// parallel near-limit uploads per account, oversized bodies (announced and streamed), sign-in
// floods; and the two observers: the web process tree's RSS and /api/health (a separate process).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";

export type Tally = Map<string, number>;
const bump = (t: Tally, k: string) => t.set(k, (t.get(k) ?? 0) + 1);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A syntactically valid prediction file of about `bytes` bytes (no answer key matches it). */
export function largePredictionFile(bytes: number, seed: string): Uint8Array<ArrayBuffer> {
  const answer = "x".repeat(900);
  const item = (i: number) =>
    JSON.stringify({
      question_text: `adversarial ${seed} question ${i}?`,
      system_answer: answer,
      original_answer: "y",
      category: "Recall",
    });
  const items: string[] = [];
  let size = 20;
  for (let i = 0; size < bytes - 2000; i++) {
    const s = item(i);
    items.push(s);
    size += s.length + 1;
  }
  return new TextEncoder().encode(`{"predictions":[${items.join(",")}]}`);
}

export type EncodedUpload = { type: string; bytes: Uint8Array<ArrayBuffer> };

/** The multipart body once per account: re-encoding 38 MiB per request starved this process. */
export async function encodeUpload(files: {
  dyadic: Uint8Array<ArrayBuffer>;
  multiparty: Uint8Array<ArrayBuffer>;
}): Promise<EncodedUpload> {
  const form = new FormData();
  form.set("methodName", "adversarial upload");
  form.set("dyadic", new Blob([files.dyadic]), "prediction_dyadic.json");
  form.set("multiparty", new Blob([files.multiparty]), "prediction_multiparty.json");
  const encoded = new Request("http://encode.local", { method: "POST", body: form });
  return { type: encoded.headers.get("content-type")!, bytes: new Uint8Array(await encoded.arrayBuffer()) };
}

export async function uploadLoop(
  base: string,
  token: string,
  body: EncodedUpload,
  until: number,
  t: Tally,
): Promise<void> {
  while (Date.now() < until) {
    let r: Response | null = null;
    try {
      r = await fetch(`${base}/api/v1/submissions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": body.type },
        body: body.bytes,
        signal: AbortSignal.timeout(120_000),
      });
      await r.arrayBuffer();
    } catch {
      r = null;
    }
    bump(t, `upload ${r?.status ?? "network error"}`);
    if (r && (r.status === 429 || r.status === 503)) await sleep(200); // an impatient client: ignores Retry-After mostly
  }
}

/** 1 MB JSON to retry and reject, 60 MB announced uploads, and an unannounced 8 MiB JSON stream. */
export async function oversizedLoop(
  base: string,
  token: string,
  adminToken: string,
  until: number,
  t: Tally,
): Promise<void> {
  const big = JSON.stringify({ stage: "lexical", reason: "r", pad: "a".repeat(1024 * 1024) });
  while (Date.now() < until) {
    for (const [name, path, tok] of [
      ["retry", "/api/v1/submissions/x/retry", token],
      ["reject", "/api/v1/admin/submissions/x/reject", adminToken],
    ] as const) {
      const r = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${tok}`, "content-type": "application/json" },
        body: big,
      }).catch(() => null);
      bump(t, `${name} 1 MB ${r?.status ?? "network error"}`);
      await r?.arrayBuffer().catch(() => undefined);
    }
    bump(t, `retry 8 MiB streamed ${await streamed(`${base}/api/v1/submissions/x/retry`, token, 8 * 1024 * 1024)}`);
    const r = await fetch(`${base}/api/v1/submissions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(60 * 1024 * 1024),
      },
      body: "--x--",
    }).catch(() => null);
    bump(t, `upload announced 60 MB ${r?.status ?? "refused before the body"}`);
  }
}

function streamed(url: string, token: string, total: number): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
        req.destroy();
      },
    );
    req.on("error", () => resolve("closed"));
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const pump = () => {
      while (sent < total && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    req.write('{"stage":"');
    pump();
  });
}

/** Wrong passwords through Auth.js' credentials callback (CSRF token and cookie as a browser sends them). */
export async function signInFlood(base: string, emails: string[], until: number, t: Tally): Promise<void> {
  for (let i = 0; Date.now() < until; i++) {
    const csrf = await fetch(`${base}/api/auth/csrf`).catch(() => null);
    const csrfToken = ((await csrf?.json().catch(() => null)) as { csrfToken?: string } | null)?.csrfToken;
    if (!csrf || !csrfToken) {
      bump(t, "signin csrf failed");
      continue;
    }
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const body = new URLSearchParams({
      email: emails[i % emails.length]!,
      password: `wrong-${i}`,
      csrfToken,
      callbackUrl: "/",
    });
    const r = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    }).catch(() => null);
    const where = r?.headers.get("location") ?? "";
    bump(
      t,
      `signin ${r?.status ?? "network error"}${/error=/.test(where) ? ` ${new URL(where, base).searchParams.get("error") ?? ""}${new URL(where, base).searchParams.get("code") ? `/${new URL(where, base).searchParams.get("code")}` : ""}` : ""}`,
    );
  }
}

/** Sum of VmRSS (MiB) of `pid` and its descendants (`next start` serves from a child process). */
export function treeRssMiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      /* exited meanwhile */
    }
  }
  let kib = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      /* exited */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return kib / 1024;
}

export type HealthSample = { status: number | "timeout" | "error"; ms: number };

/** /api/health every 500 ms (5 s timeout) until `until`, from scripts/bench/health-probe.mjs in its own process. */
export function healthProbe(base: string, until: number): Promise<HealthSample[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "health-probe.mjs"), base, String(until)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as HealthSample[]) : reject(new Error(`health probe exited ${code}`)),
    );
  });
}
