// HTTP side of `h2hmem submit`: the multipart upload and the status polling (API v1).

type ApiError = {
  status: number;
  code: string;
  message: string;
  details: Array<{ code?: string; file?: string; path?: string; message: string }>;
  retryAfter?: string;
};
export type SubmissionStatus = {
  id: string;
  status: string;
  final?: boolean;
  stage?: string | null;
  progress?: { done: number; total: number };
  failure?: { stage: string | null; reason: string } | null;
  review?: { state: string };
  scorerVersion?: string | null;
  scores?: Array<{
    split: string;
    scope: string;
    metric: string;
    aggregate: string;
    value: number;
    ciLow: number | null;
    ciHigh: number | null;
    n: number;
  }> | null;
};

export class HttpApiError extends Error {
  constructor(readonly error: ApiError) {
    super(`${error.status} ${error.code}: ${error.message}`);
  }
}

export async function parseError(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string; details?: ApiError["details"] } };
    return {
      status: res.status,
      code: body.error?.code ?? `HTTP_${res.status}`,
      message: body.error?.message ?? res.statusText,
      details: body.error?.details ?? [],
      retryAfter: res.headers.get("retry-after") ?? undefined,
    };
  } catch {
    return {
      status: res.status,
      code: `HTTP_${res.status}`,
      message: text.slice(0, 500) || res.statusText,
      details: [],
    };
  }
}

export function apiUrl(base: string, pathname: string): string {
  return new URL(pathname, base.endsWith("/") ? base : `${base}/`).toString();
}

/** Plain http:// to a loopback host never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

const warnedBases = new Set<string>();

/** Once per server. */
function warnIfTokenInClear(base: string): void {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return; // fetch reports it
  }
  if (url.protocol !== "http:" || isLoopbackHost(url.hostname) || warnedBases.has(url.origin)) return;
  warnedBases.add(url.origin);
  process.stderr.write(
    `h2hmem: warning: sending the API token over plain http:// to ${url.host}; anyone on the network path can read it. Use https://.\n`,
  );
}

export async function uploadSubmission(
  base: string,
  token: string,
  files: { dyadic: { name: string; bytes: Uint8Array }; multiparty: { name: string; bytes: Uint8Array } },
  fields: Record<string, string | undefined>,
): Promise<{ id: string; status: string; warnings: unknown[] }> {
  const form = new FormData();
  form.set("dyadic", new Blob([Buffer.from(files.dyadic.bytes)], { type: "application/json" }), files.dyadic.name);
  form.set(
    "multiparty",
    new Blob([Buffer.from(files.multiparty.bytes)], { type: "application/json" }),
    files.multiparty.name,
  );
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  warnIfTokenInClear(base);
  const res = await fetch(apiUrl(base, "api/v1/submissions"), {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new HttpApiError(await parseError(res));
  return (await res.json()) as { id: string; status: string; warnings: unknown[] };
}

export async function fetchStatus(base: string, token: string, id: string): Promise<SubmissionStatus> {
  warnIfTokenInClear(base);
  const res = await fetch(apiUrl(base, `api/v1/submissions/${encodeURIComponent(id)}`), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new HttpApiError(await parseError(res));
  return (await res.json()) as SubmissionStatus;
}

export function isFinal(s: SubmissionStatus): boolean {
  return s.final ?? ["SCORED", "FAILED"].includes(s.status.toUpperCase());
}
