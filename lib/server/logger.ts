import pino from "pino";
import { env } from "./env";

// JSON logs on stdout (one object per line) so the web app, the worker and log shippers
// share one format. Child loggers carry context such as { jobId, submissionId }.
export const logger = pino({
  level: env.LOG_LEVEL,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = typeof logger;
