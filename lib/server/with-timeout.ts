import "server-only";

// A bound on a call that would otherwise wait as long as a service is down (ioredis, and so
// BullMQ, waits for Redis to come back instead of failing). The message names the call and,
// when given, what to check, e.g. "enqueue timed out after 500 ms (is Redis reachable?)".
export async function withTimeout<T>(p: Promise<T>, ms: number, what: string, hint?: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms${hint ? ` (${hint})` : ""}`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
