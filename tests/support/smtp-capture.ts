import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback (the `smtp-server` package) that accepts every message and
// keeps it, so tests see exactly what a mail server would receive. Plain SMTP, no auth.

export type CapturedMail = { from: string; to: string[]; raw: string; subject: string; body: string };

/** Quoted-printable soft breaks and escapes (nodemailer wraps long lines that way). */
function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function parse(raw: string, from: string, to: string[]): CapturedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const rawBody = raw.slice(split + 4);
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(rawBody)
      : encoding === "base64"
        ? Buffer.from(rawBody, "base64").toString("utf8")
        : rawBody;
  return { from, to, raw, subject: decodeHeader(header("Subject")), body };
}

export type SmtpCapture = {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or next) matching the predicate. */
  next: (match: (m: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  close: () => Promise<void>;
};

export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push(
          parse(
            Buffer.concat(chunks).toString("utf8"),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  const next: SmtpCapture["next"] = (match, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const m = messages.find(match);
        if (!m) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(m);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `no matching mail within ${timeoutMs} ms (got ${messages.length}: ${messages.map((m) => m.subject).join(" | ")})`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail body. */
export function linkIn(mail: CapturedMail): URL {
  const m = /https?:\/\/\S+/.exec(mail.body);
  if (!m) throw new Error(`no link in mail "${mail.subject}"`);
  return new URL(m[0]);
}
