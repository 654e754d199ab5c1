import pino from "pino";
import { env } from "./env";

// JSON logs on stdout (one object per line) so the web app, the worker and log shippers
// share one format. Child loggers carry context such as { jobId, submissionId }.
// Created on first use: importing this module must not force the whole environment to be
// parsed (e.g. during `next build`, where DATABASE_URL may be unset).

export type Logger = pino.Logger;

let instance: Logger | undefined;

function getLogger(): Logger {
  instance ??= pino({ level: env.LOG_LEVEL, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
  return instance;
}

export const logger: Logger = new Proxy({} as Logger, {
  get: (_t, key) => {
    const target = getLogger();
    const value = Reflect.get(target, key, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
  set: (_t, key, value) => Reflect.set(getLogger(), key, value),
});
