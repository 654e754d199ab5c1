import "server-only";

// Bounds a call that would otherwise wait as long as a service is down (ioredis waits for Redis); the message names what to check.
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
