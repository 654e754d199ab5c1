import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { env } from "./env";

// Created on first use so importing does not parse the environment.

export type Logger = pino.Logger;
type LogContext = { requestId?: string };

// Every line logged during a request carries its id, so library code need not pass a logger around.
const context = new AsyncLocalStorage<LogContext>();

export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run(ctx, fn);
}

export function currentLogContext(): LogContext | undefined {
  return context.getStore();
}

const CREDENTIALS = /\/\/[^@\s/]*@/g;
export function scrubSecrets(text: string): string {
  return text.replace(CREDENTIALS, "//***@");
}

function errSerializer(e: unknown): unknown {
  const out = pino.stdSerializers.err(e as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== "object") return out;
  for (const k of ["message", "stack"]) if (typeof out[k] === "string") out[k] = scrubSecrets(out[k] as string);
  return out;
}

const REDACT = ["authorization", "cookie", "password", "passwordHash", "token", "apiKey", "secret"].flatMap((k) => [
  k,
  `*.${k}`,
  `*.headers.${k}`,
]);

let instance: Logger | undefined;

function create(destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A copy: pino merges each line's fields into the object the mixin returns.
    mixin: () => ({ ...context.getStore() }),
    serializers: { err: errSerializer },
    redact: { paths: REDACT, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}

function getLogger(): Logger {
  instance ??= create();
  return instance;
}

export function setLogDestination(destination?: pino.DestinationStream): void {
  instance = destination ? create(destination) : undefined;
}

export const logger: Logger = new Proxy({} as Logger, {
  get: (_t, key) => {
    const target = getLogger();
    const value = Reflect.get(target, key, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
  set: (_t, key, value) => Reflect.set(getLogger(), key, value),
});
