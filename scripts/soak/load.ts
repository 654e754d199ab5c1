// The simulated users of the soak. Visitors browse the public pages (board views, entry pages,
// compare) with a think time; submitters upload a full-size submission through API v1, follow
// its status until it is final (like `h2hmem submit --wait`), and upload the next one.
import type { ReferenceQuestion } from "../../lib/scoring";
import { methodNameFor, soakFiles, uploadForm } from "../../scripts/soak/files";
import { sleep } from "./stack";
import type { Recorder } from "../../scripts/soak/stats";
import type { Submitter } from "./setup";

export type LoadContext = {
  base: string;
  recorder: Recorder;
  t0: number;
  stopped: () => boolean;
};

type Timed = { status: number | null; body: string; headers: Headers | null };

/** One request, timed and recorded under `kind`; never throws (a failed connection has status null). */
export async function timed(
  ctx: LoadContext,
  kind: string,
  url: string,
  init: RequestInit = {},
  timeoutMs = 30_000,
): Promise<Timed> {
  const start = performance.now();
  try {
    const res = await fetch(url, {
      ...init,
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.text();
    const note = res.status >= 400 ? body.slice(0, 160) : undefined;
    ctx.recorder.add({ kind, ms: performance.now() - start, status: res.status, at: Date.now() - ctx.t0, note });
    return { status: res.status, body, headers: res.headers };
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    ctx.recorder.add({
      kind,
      ms: performance.now() - start,
      status: null,
      at: Date.now() - ctx.t0,
      note: `${err.name}: ${err.cause?.code ?? err.message}`,
    });
    return { status: null, body: "", headers: null };
  }
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const BOARD_VIEWS = [
  "/",
  "/",
  "/?metric=judge",
  "/?split=dyadic&metric=bleu1",
  "/?split=multi-party&aggregate=macro",
  "/?sort=method",
];

/** One visitor: a page every think time (uniform 0..2x), until stopped. */
export async function visitor(ctx: LoadContext, index: number, entryIds: string[], thinkMs: number): Promise<void> {
  // A distinct client address per visitor: the API limiter keys on X-Forwarded-For.
  const headers = { "x-forwarded-for": `10.77.0.${index + 1}`, "user-agent": `h2hmem-soak-visitor-${index + 1}` };
  await sleep(Math.random() * thinkMs);
  while (!ctx.stopped()) {
    const r = Math.random();
    const [a, b] = [pick(entryIds), pick(entryIds)];
    if (r < 0.4) await timed(ctx, "page /", ctx.base + pick(BOARD_VIEWS), { headers });
    else if (r < 0.7) await timed(ctx, "page /entries/[id]", `${ctx.base}/entries/${a}`, { headers });
    else if (r < 0.9)
      await timed(
        ctx,
        "page /compare",
        `${ctx.base}/compare?ids=${a}&ids=${b === a ? entryIds.find((x) => x !== a) : b}&metric=${pick(["f1", "judge", "bleu1"])}`,
        { headers },
      );
    else if (r < 0.95)
      await timed(ctx, "api GET /api/v1/leaderboard", `${ctx.base}/api/v1/leaderboard?metric=judge`, { headers });
    else await timed(ctx, "api GET /api/v1/entries/[id]", `${ctx.base}/api/v1/entries/${a}`, { headers });
    await sleep(Math.random() * 2 * thinkMs);
  }
}

export type Accepted = {
  id: string;
  submitter: number;
  seed: number;
  methodName: string;
  at: number;
  lastStatus: string;
};

export type SubmitterState = { accepted: Map<string, Accepted>; attempts: number; retriedUploads: number };

const FINAL = new Set(["SCORED", "FAILED"]);

/** One submitter: upload, follow the status to the end, repeat; seeds are unique per run. */
export async function submitter(
  ctx: LoadContext,
  s: Submitter,
  key: ReferenceQuestion[],
  seedBase: number,
  state: SubmitterState,
): Promise<void> {
  const headers = { authorization: `Bearer ${s.token}`, "x-forwarded-for": `10.78.0.${s.index + 1}` };
  for (let n = 1; !ctx.stopped(); n++) {
    const seed = seedBase + s.index * 10_000 + n;
    const files = soakFiles(key, seed);
    const methodName = methodNameFor(s.index, n, seed);
    let id: string | null = null;
    // Retrying the same bytes is safe: the service answers with the existing submission.
    for (let attempt = 0; id === null && !ctx.stopped(); attempt++) {
      state.attempts++;
      if (attempt > 0) state.retriedUploads++;
      const r = await timed(
        ctx,
        "api POST /api/v1/submissions",
        `${ctx.base}/api/v1/submissions`,
        { method: "POST", headers, body: uploadForm(files, methodName) },
        120_000,
      );
      if (r.status === 202) {
        id = (JSON.parse(r.body) as { id: string }).id;
        if (!state.accepted.has(id))
          state.accepted.set(id, {
            id,
            submitter: s.index,
            seed,
            methodName,
            at: Date.now() - ctx.t0,
            lastStatus: "QUEUED",
          });
      } else {
        const retryAfter = Number(r.headers?.get("retry-after") ?? 0);
        await sleep(Math.max(2000, retryAfter * 1000));
      }
    }
    if (id === null) return;
    while (!ctx.stopped()) {
      await sleep(2000);
      const r = await timed(ctx, "api GET /api/v1/submissions/[id]", `${ctx.base}/api/v1/submissions/${id}`, {
        headers,
      });
      if (r.status !== 200) continue;
      const status = (JSON.parse(r.body) as { status: string }).status;
      state.accepted.get(id)!.lastStatus = status;
      if (FINAL.has(status)) break;
    }
  }
}
