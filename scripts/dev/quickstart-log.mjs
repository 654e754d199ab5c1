// Readable lines on a terminal, JSON lines when stdout is not a TTY; children's pino JSON passes through.

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 };

/** A pino JSON line, or null. */
function pinoRecord(line) {
  if (!line.startsWith("{")) return null;
  try {
    const v = JSON.parse(line);
    return v && typeof v === "object" && typeof v.level === "number" ? v : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ out?: NodeJS.WritableStream & { isTTY?: boolean }, err?: NodeJS.WritableStream, json?: boolean, now?: () => Date }} [opts]
 */
export function createQuickstartLog({
  out = process.stdout,
  err = process.stderr,
  json = !out.isTTY,
  now = () => new Date(),
} = {}) {
  let pretty = null; // pino-pretty's formatter, once node_modules is there
  const record = (level, component, msg, fields) =>
    JSON.stringify({ level: LEVELS[level], time: now().toISOString(), pid: process.pid, component, ...fields, msg });
  const write = (level, text) =>
    (level === "error" || level === "warn" ? err : out).write(text.endsWith("\n") ? text : `${text}\n`);

  const log = {
    json,
    /** The quick start's own message. */
    say(msg, fields = {}, level = "info") {
      if (json) write(level, record(level, "quickstart", msg, fields));
      else write(level, `[quickstart] ${level === "error" ? "ERROR: " : ""}${msg}`);
    },
    error(msg, fields = {}) {
      log.say(msg, fields, "error");
    },
    /** Lines for a human only (the "running at" box): one JSON record with `fields` instead when not a TTY. */
    banner(lines, msg, fields) {
      if (json) write("info", record("info", "quickstart", msg, fields));
      else out.write(`\n${lines.map((l) => `  ${l}`).join("\n")}\n\n`);
    },
    /** One line of a child's output (stderr lines are warnings unless they are pino records). */
    childLine(name, line, fromStderr = false) {
      if (line.trim() === "") return;
      const rec = pinoRecord(line);
      const level = fromStderr ? "warn" : "info";
      if (json) return write(level, rec ? JSON.stringify({ component: name, ...rec }) : record(level, name, line, {}));
      const text = rec && pretty ? pretty(line).replace(/\n$/, "") : line;
      write(level, `${name.padEnd(6)}| ${text}`);
    },
    /** Loads pino-pretty for terminal output (after `npm ci`); without it, child JSON stays as is. */
    async loadPretty() {
      if (json || pretty) return;
      try {
        const { prettyFactory } = await import("pino-pretty");
        pretty = prettyFactory({
          colorize: Boolean(out.isTTY),
          translateTime: "SYS:HH:MM:ss",
          ignore: "pid,hostname",
          singleLine: true,
        });
      } catch {
        // not installed: raw JSON lines are still readable enough
      }
    },
  };
  return log;
}

/** Splits a child's stream into lines for `log.childLine`. */
export function pipeLines(stream, onLine) {
  let buf = "";
  stream.setEncoding?.("utf8");
  stream.on("data", (d) => {
    buf += d;
    const lines = buf.split("\n");
    buf = lines.pop();
    for (const l of lines) onLine(l);
  });
  stream.on("end", () => {
    if (buf) onLine(buf);
    buf = "";
  });
}
