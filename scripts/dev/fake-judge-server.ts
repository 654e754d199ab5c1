import http from "node:http";
import type { AddressInfo } from "node:net";

// A deterministic OpenAI-compatible judge on loopback for tests, the quick start and benchmarks,
// with queueable faults to exercise every failure path (modes: docs/JUDGE.md).

export type FakeFault =
  | { kind: "rate-limit"; retryAfterSeconds?: number; retryAfterMs?: number }
  | { kind: "server-error"; status?: number }
  | { kind: "slow"; delayMs: number }
  | { kind: "drop-connection" }
  | { kind: "malformed" }
  | { kind: "missing-ids"; count?: number }
  | { kind: "off-grid" }
  | { kind: "shift" } // every score one level (0.25) toward 0.5: a drifted judge, for the agreement check
  | { kind: "prose" }
  | { kind: "empty" }
  // Cut off as if at max_tokens: half the reply (whole: all of it), finish_reason "length".
  | { kind: "length"; whole?: boolean }
  // Obeys the first "score <level>" found anywhere in the prompt: every question of that request gets it.
  | { kind: "obedient" }
  // Judge-card graders: full marks for any non-empty answer; 1 only for the reference (else 0);
  // the usual grade moved one level on a deterministic share of repeated judgements (run-to-run noise).
  | { kind: "lenient" }
  | { kind: "faithful" }
  | { kind: "noisy" };

type FakeRequestLog = {
  at: number;
  model: string;
  temperature: unknown;
  maxTokens: unknown;
  authorization: string | undefined;
  ids: string[];
  fault: FakeFault["kind"] | "ok";
  prompt: string;
};

type FakeJudgeOptions = { port?: number; host?: string; latencyMs?: number; model?: string };

type QuestionBlock = { id: string; question: string; reference: string; answer: string };

const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

export function fakeGrade(reference: string, answer: string): number {
  const r = normalize(reference);
  const a = normalize(answer);
  if (r === a) return 1;
  const words = new Set(r.split(" ").filter(Boolean));
  return a.split(" ").some((w) => w && words.has(w)) ? 0.5 : 0;
}

/** A field of a question block: a JSON string (our prompt), else the raw text. */
function decodeField(raw: string): string {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "string" ? v : raw;
  } catch {
    return raw;
  }
}

/** Reads the question blocks back out of the official layout (one line per JSON-encoded field). */
export function parseQuestionBlocks(prompt: string): QuestionBlock[] {
  const re = /^Question ID: ([^\n]*)\nQuestion: ([^\n]*)\nGround Truth: ([^\n]*)\nAssistant Answer: ([^\n]*)$/gm;
  return [...prompt.matchAll(re)].map((m) => ({
    id: m[1].trim(),
    question: decodeField(m[2]),
    reference: decodeField(m[3]),
    answer: decodeField(m[4]),
  }));
}

/** The score an obedient grader would give after reading `prompt`, or null when it finds no order. */
export function obeyedScore(prompt: string): number | null {
  const m = /\bscore\s+(?:of\s+)?(0\.25|0\.75|0\.5|0|1)(?!\d|\.\d)/i.exec(prompt);
  return m ? Number(m[1]) : null;
}

export class FakeJudgeServer {
  readonly log: FakeRequestLog[] = [];
  /** Ids the server never grades (to force final failures). */
  readonly neverAnswer = new Set<string>();
  latencyMs: number;
  mode: FakeFault | null = null;
  inFlight = 0;
  maxInFlight = 0;
  private queue: FakeFault[] = [];
  /** Times each question id was graded in "noisy" mode: the n-th grade of an id is fixed. */
  private seen = new Map<string, number>();
  private server: http.Server;
  private sockets = new Set<import("node:net").Socket>();

  constructor(private opts: FakeJudgeOptions = {}) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
  }

  get requests(): number {
    return this.log.length;
  }

  /** Base URL to give the openai client (it appends /chat/completions). */
  get baseURL(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.opts.host ?? "127.0.0.1"}:${port}/v1`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.opts.port ?? 0, this.opts.host ?? "127.0.0.1", () => resolve());
    });
    return this;
  }

  /** Queues faults: each following request consumes one, then the persistent mode applies. */
  enqueue(...faults: FakeFault[]): void {
    this.queue.push(...faults);
  }

  reset(): void {
    this.log.length = 0;
    this.queue = [];
    this.mode = null;
    this.neverAnswer.clear();
    this.seen.clear();
    this.maxInFlight = 0;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on("close", () => this.inFlight--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      return this.json(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: "not_found" } });
    }
    let body: {
      model?: string;
      temperature?: unknown;
      max_tokens?: unknown;
      messages?: Array<{ role: string; content: string }>;
    };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return this.json(res, 400, { error: { message: "invalid JSON body", type: "invalid_request_error" } });
    }
    const prompt = (body.messages ?? []).map((m) => m.content).join("\n");
    const blocks = parseQuestionBlocks(prompt);
    const fault = this.queue.shift() ?? this.mode;
    this.log.push({
      at: Date.now(),
      model: body.model ?? "",
      temperature: body.temperature,
      maxTokens: body.max_tokens,
      authorization: req.headers.authorization,
      ids: blocks.map((b) => b.id),
      fault: fault?.kind ?? "ok",
      prompt,
    });
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : Infinity;
    await this.respond(res, fault, blocks, body.model ?? this.opts.model ?? "fake-judge", prompt, maxTokens);
  }

  private async respond(
    res: http.ServerResponse,
    fault: FakeFault | null,
    blocks: QuestionBlock[],
    model: string,
    prompt: string,
    maxTokens: number,
  ) {
    const promptChars = prompt.length;
    switch (fault?.kind) {
      case "rate-limit": {
        const headers: Record<string, string> = {};
        if (fault.retryAfterSeconds !== undefined) headers["retry-after"] = String(fault.retryAfterSeconds);
        if (fault.retryAfterMs !== undefined) headers["retry-after-ms"] = String(fault.retryAfterMs);
        return this.json(res, 429, { error: { message: "Rate limit reached", type: "rate_limit_error" } }, headers);
      }
      case "server-error":
        return this.json(res, fault.status ?? 500, { error: { message: "upstream exploded", type: "server_error" } });
      case "drop-connection":
        res.socket?.destroy();
        return;
      case "slow":
        await sleep(fault.delayMs);
        break;
    }
    let graded = blocks
      .filter((b) => !this.neverAnswer.has(b.id))
      .map((b) => ({
        question_id: b.id,
        score: fakeGrade(b.reference, b.answer),
        reasoning: `fake grade for ${b.id}`,
      }));
    if (fault?.kind === "lenient")
      graded = graded.map((g) => ({ ...g, score: blocks.find((b) => b.id === g.question_id)!.answer.trim() ? 1 : 0 }));
    if (fault?.kind === "faithful")
      graded = graded.map((g) => {
        const b = blocks.find((x) => x.id === g.question_id)!;
        return { ...g, score: normalize(b.reference) === normalize(b.answer) ? 1 : 0 };
      });
    if (fault?.kind === "noisy") graded = graded.map((g) => ({ ...g, score: this.noisy(g.question_id, g.score) }));
    const order = fault?.kind === "obedient" ? obeyedScore(prompt) : null;
    if (order !== null) graded = graded.map((g) => ({ ...g, score: order, reasoning: `told to score ${order}` }));
    if (fault?.kind === "missing-ids") graded = graded.slice(0, Math.max(0, graded.length - (fault.count ?? 1)));
    if (fault?.kind === "shift")
      graded = graded.map((g) => ({ ...g, score: g.score + (g.score < 0.5 ? 0.25 : g.score > 0.5 ? -0.25 : 0) }));
    if (fault?.kind === "off-grid")
      graded = graded.map((g) => ({ ...g, score: g.score === 1 ? 0.92 : g.score === 0.5 ? 0.55 : 0.05 }));
    let content = JSON.stringify(graded, null, 1);
    if (fault?.kind === "malformed") content = content.slice(0, Math.floor(content.length / 2));
    if (fault?.kind === "prose")
      content = `Sure! Here are the grades [as requested]:\n\`\`\`json\n${content}\n\`\`\`\nLet me know [if needed].`;
    if (fault?.kind === "empty") content = "";
    let finishReason = "stop";
    if (fault?.kind === "length" || Math.ceil(content.length / 4) > maxTokens) {
      if (fault?.kind !== "length") content = content.slice(0, maxTokens * 4);
      else if (!fault.whole) content = content.slice(0, Math.floor(content.length / 2));
      finishReason = "length";
    }
    this.json(res, 200, {
      id: `chatcmpl-fake-${this.log.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
      usage: {
        prompt_tokens: Math.ceil(promptChars / 4),
        completion_tokens: Math.ceil(content.length / 4),
        total_tokens: Math.ceil(promptChars / 4) + Math.ceil(content.length / 4),
      },
    });
  }

  /** Every third grade of an id (offset by a hash of the id) moves one level toward 0.5. */
  private noisy(id: string, score: number): number {
    const n = this.seen.get(id) ?? 0;
    this.seen.set(id, n + 1);
    let h = 0;
    for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    if ((h + n) % 3 !== 0) return score;
    return score + (score < 0.5 ? 0.25 : score > 0.5 ? -0.25 : 0.25);
  }

  private json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (res.destroyed || res.socket?.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function startFakeJudgeServer(opts: FakeJudgeOptions = {}): Promise<FakeJudgeServer> {
  return new FakeJudgeServer(opts).start();
}
