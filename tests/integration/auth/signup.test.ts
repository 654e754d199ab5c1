import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UnconfirmedSignin, verifyCredentials } from "@/lib/server/auth/config";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import {
  configuredSignupMode,
  confirmEmail,
  peekConfirmation,
  resendConfirmation,
  signUp,
  signupMode,
} from "@/lib/server/auth/signup";
import { linkIn, startSmtpCapture, type SmtpCapture } from "../../support/smtp-capture";

// Self-service sign-up against real PostgreSQL, Redis (rate limits) and a real SMTP server on
// loopback: the confirmation mail is delivered, its link is followed, and the account only
// signs in after that. Same answers whether or not an email is registered.

const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
const email = (label: string) => `signup-${label}-${stamp}@signup-test.local`;
const password = "a long enough password";
let ipSeq = 0;
// A fresh client address per call: the per-IP limit window outlives a test run.
const fromIp = () =>
  new Headers({ "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${(ipSeq++ % 250) + 1}` });
const ENV_KEYS = ["AUTH_URL", "SMTP_URL", "MAIL_FROM", "SIGNUP_MODE"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let smtp: SmtpCapture;

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const k of ENV_KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetEnvCache();
}
const withMail = () =>
  setEnv({ AUTH_URL: "https://lb.example", SMTP_URL: smtp.url, MAIL_FROM: "Leaderboard <noreply@lb.example>" });
const mailTo = (to: string, subject: RegExp) => smtp.next((m) => m.to.includes(to) && subject.test(m.subject));
const tokenOf = (link: URL) => link.searchParams.get("token")!;
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; details?: Array<{ path?: string }> }) => e,
  );

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
  setEnv(Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)) as Record<string, string>);
  const mine = await db.user.findMany({
    where: { email: { endsWith: `${stamp}@signup-test.local` } },
    select: { id: true },
  });
  await db.verificationToken.deleteMany({ where: { identifier: { in: mine.map((u) => `signup:${u.id}`) } } });
  await db.user.deleteMany({ where: { id: { in: mine.map((u) => u.id) } } });
});

describe("with SMTP (default mode: confirm)", () => {
  beforeEach(withMail);

  it("mails a single-use link (stored hashed); sign-in is refused until it is followed with the password", async () => {
    const e = email("confirm");
    await expect(signUp({ email: e.toUpperCase(), password }, fromIp())).resolves.toEqual({ mode: "confirm" });
    const mail = await mailTo(e, /Confirm/);
    expect(mail.from).toBe("noreply@lb.example");
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe("https://lb.example/signup/confirm");
    const user = await db.user.findUniqueOrThrow({ where: { email: e } });
    expect(user).toMatchObject({ role: "SUBMITTER", pendingConfirmation: true, emailVerified: null });
    const stored = await db.verificationToken.findMany({ where: { identifier: `signup:${user.id}` } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token).toBe(createHash("sha256").update(tokenOf(link)).digest("hex"));
    expect(stored[0]!.token).not.toContain(tokenOf(link));
    expect(stored[0]!.expires.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600e3);

    await expect(verifyCredentials({ email: e, password }, fromIp())).rejects.toBeInstanceOf(UnconfirmedSignin);
    // A wrong password learns nothing about the pending state.
    await expect(verifyCredentials({ email: e, password: "not the password" }, fromIp())).resolves.toBeNull();

    await expect(peekConfirmation(tokenOf(link))).resolves.toEqual({ email: e });
    expect(await errorOf(confirmEmail(tokenOf(link), "somebody else's password", fromIp()))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(confirmEmail(tokenOf(link), password, fromIp())).resolves.toEqual({ email: e });
    const after = await db.user.findUniqueOrThrow({ where: { email: e } });
    expect(after.pendingConfirmation).toBe(false);
    expect(after.emailVerified).toBeInstanceOf(Date);
    await expect(verifyCredentials({ email: e, password }, fromIp())).resolves.toMatchObject({
      id: user.id,
      role: "SUBMITTER",
    });
    // Used up.
    expect(await errorOf(confirmEmail(tokenOf(link), password, fromIp()))).toMatchObject({ code: "GONE" });
    await expect(peekConfirmation(tokenOf(link))).resolves.toBeNull();
    expect(
      await db.auditEvent.count({
        where: { targetId: user.id, action: { in: ["user.signup", "user.email_confirmed"] } },
      }),
    ).toBe(2);
  });

  it("answers the same for a registered email, changes nothing, and tells its owner by mail", async () => {
    const e = email("taken");
    await signUp({ email: e, password }, fromIp());
    const link = linkIn(await mailTo(e, /Confirm/));
    await confirmEmail(tokenOf(link), password, fromIp());
    const before = await db.user.findUniqueOrThrow({ where: { email: e } });

    await expect(signUp({ email: e, password: "an attacker's password" }, fromIp())).resolves.toEqual({
      mode: "confirm",
    });
    const notice = await mailTo(e, /Your H2HMem Leaderboard account/);
    expect(notice.body).toContain("already has an account");
    expect(notice.body).toContain("https://lb.example/signin");
    const after = await db.user.findUniqueOrThrow({ where: { email: e } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.pendingConfirmation).toBe(false);
    expect(await db.user.count({ where: { email: e } })).toBe(1);
    await expect(verifyCredentials({ email: e, password: "an attacker's password" }, fromIp())).resolves.toBeNull();
  });

  it("an expired link is refused; 'resend' mails a new one and the old one dies", async () => {
    const e = email("resend");
    await signUp({ email: e, password }, fromIp());
    const first = tokenOf(linkIn(await mailTo(e, /Confirm/)));
    const user = await db.user.findUniqueOrThrow({ where: { email: e } });
    await db.verificationToken.updateMany({
      where: { identifier: `signup:${user.id}` },
      data: { expires: new Date(Date.now() - 1000) },
    });
    expect(await errorOf(confirmEmail(first, password, fromIp()))).toMatchObject({ code: "GONE" });

    const seen = smtp.messages.length;
    await resendConfirmation(e, fromIp());
    const second = tokenOf(linkIn(await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(e))));
    expect(second).not.toBe(first);
    expect(await errorOf(confirmEmail(first, password, fromIp()))).toMatchObject({ code: "GONE" });
    await expect(confirmEmail(second, password, fromIp())).resolves.toEqual({ email: e });
    // Nothing left to resend: same answer, no mail.
    const count = smtp.messages.length;
    await expect(resendConfirmation(e, fromIp())).resolves.toBeUndefined();
    await expect(resendConfirmation(email("nobody"), fromIp())).resolves.toBeUndefined();
    expect(smtp.messages.length).toBe(count);
  });

  it("a sign-up in Chinese stores the locale and mails the confirmation in Chinese; sign-in updates the locale", async () => {
    const e = email("zh");
    const headers = fromIp();
    headers.set("cookie", "NEXT_LOCALE=zh");
    await signUp({ email: e, password }, headers);
    const mail = await mailTo(e, /确认/);
    expect(mail.subject).toBe("请确认你的 H2HMem 排行榜账号");
    expect(mail.body).toContain("有人（希望是你）用这个地址注册了 H2HMem 排行榜");
    expect(linkIn(mail).pathname).toBe("/signup/confirm");
    expect(await db.user.findUniqueOrThrow({ where: { email: e } })).toMatchObject({ locale: "zh" });
    await confirmEmail(tokenOf(linkIn(mail)), password, fromIp());
    const english = fromIp();
    english.set("accept-language", "en-US,en;q=0.9");
    await expect(verifyCredentials({ email: e, password }, english)).resolves.toMatchObject({ email: e });
    expect(await db.user.findUniqueOrThrow({ where: { email: e } })).toMatchObject({ locale: "en" });
  });

  it("signing up again before confirming replaces the password and kills the earlier link", async () => {
    const e = email("again");
    await signUp({ email: e, password: "the first password" }, fromIp());
    const first = tokenOf(linkIn(await mailTo(e, /Confirm/)));
    const seen = smtp.messages.length;
    await signUp({ email: e, password }, fromIp());
    const second = tokenOf(linkIn(await smtp.next((m) => smtp.messages.indexOf(m) >= seen && m.to.includes(e))));
    expect(await errorOf(confirmEmail(first, "the first password", fromIp()))).toMatchObject({ code: "GONE" });
    expect(await errorOf(confirmEmail(second, "the first password", fromIp()))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(confirmEmail(second, password, fromIp())).resolves.toEqual({ email: e });
    expect(await db.user.count({ where: { email: e } })).toBe(1);
  });
});

describe("mail limits and outages", () => {
  beforeEach(withMail);

  it("at most 3 mails per address per hour; an unmailed repeat sign-up changes nothing", async () => {
    const e = email("flood");
    for (const p of ["password number 1", "password number 2", "password number 3", "password number 4"]) {
      await expect(signUp({ email: e, password: p }, fromIp())).resolves.toEqual({ mode: "confirm" });
    }
    // Each sign-up returns after the SMTP server accepted its mail, so the count is final.
    const mails = smtp.messages.filter((m) => m.to.includes(e));
    expect(mails).toHaveLength(3);
    const third = mails[2]!;
    expect(await errorOf(confirmEmail(tokenOf(linkIn(third)), "password number 4", fromIp()))).toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(confirmEmail(tokenOf(linkIn(third)), "password number 3", fromIp())).resolves.toEqual({ email: e });
  });

  it("an SMTP server that is down does not change the answer; the account waits for a resent link", async () => {
    const e = email("smtp-down");
    const down = await startSmtpCapture();
    await down.close();
    setEnv({ AUTH_URL: "https://lb.example", SMTP_URL: down.url, MAIL_FROM: "noreply@lb.example" });
    await expect(signUp({ email: e, password }, fromIp())).resolves.toEqual({ mode: "confirm" });
    expect((await db.user.findUniqueOrThrow({ where: { email: e } })).pendingConfirmation).toBe(true);
    withMail();
    await resendConfirmation(e, fromIp());
    await expect(confirmEmail(tokenOf(linkIn(await mailTo(e, /Confirm/))), password, fromIp())).resolves.toEqual({
      email: e,
    });
  });
});

describe("without SMTP (default mode: open)", () => {
  beforeEach(async () => {
    setEnv({});
    // Accounts left pending by the tests with mail above would close sign-up (next test).
    await db.user.deleteMany({
      where: { pendingConfirmation: true, email: { endsWith: `${stamp}@signup-test.local` } },
    });
  });

  it("SMTP removed while accounts await confirmation, SIGNUP_MODE unset: sign-up closes, the pending account stays out", async () => {
    withMail();
    const e = email("smtp-gone");
    await expect(signUp({ email: e, password }, fromIp())).resolves.toEqual({ mode: "confirm" });
    await mailTo(e, /Confirm/);
    setEnv({});
    expect(configuredSignupMode()).toBe("open");
    await expect(signupMode()).resolves.toBe("closed");
    expect(await errorOf(signUp({ email: email("smtp-gone-2"), password }, fromIp()))).toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(verifyCredentials({ email: e, password }, fromIp())).rejects.toBeInstanceOf(UnconfirmedSignin);
    // Saying so explicitly lets them in.
    setEnv({ SIGNUP_MODE: "open" });
    await expect(verifyCredentials({ email: e, password }, fromIp())).resolves.toMatchObject({ email: e });
    setEnv({});
    await db.user.deleteMany({ where: { email: e } });
    await expect(signupMode()).resolves.toBe("open");
  });

  it("the account is active at once; a registered email gets the same answer and keeps its password", async () => {
    const e = email("open");
    await expect(signUp({ email: e, password }, fromIp())).resolves.toEqual({ mode: "open" });
    const user = await db.user.findUniqueOrThrow({ where: { email: e } });
    expect(user).toMatchObject({ role: "SUBMITTER", pendingConfirmation: false });
    await expect(verifyCredentials({ email: e, password }, fromIp())).resolves.toMatchObject({ id: user.id });
    await expect(signUp({ email: e, password: "another long password" }, fromIp())).resolves.toEqual({ mode: "open" });
    expect((await db.user.findUniqueOrThrow({ where: { email: e } })).passwordHash).toBe(user.passwordHash);
    expect(await errorOf(resendConfirmation(e, fromIp()))).toMatchObject({ code: "FORBIDDEN" });
  });

  it("enforces the password policy with the shared schema", async () => {
    for (const [input, path] of [
      [{ email: email("short"), password: "too-short" }, "password"],
      [{ email: email("same"), password: email("same").toUpperCase() }, "password"],
      [{ email: "not an email", password }, "email"],
    ] as const) {
      const err = await errorOf(signUp(input, fromIp()));
      expect(err).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(err!.details!.map((d) => d.path)).toContain(path);
    }
    expect(await db.user.count({ where: { email: { in: [email("short"), email("same")] } } })).toBe(0);
  });

  it("limits sign-ups per client address", async () => {
    const ip = new Headers({ "x-forwarded-for": `2001:db8:5::${Date.now().toString(16).slice(-4)}:${ipSeq++}` });
    let limitedAt = -1;
    for (let i = 0; i < 12 && limitedAt < 0; i++) {
      const err = await errorOf(signUp({ email: email(`rl${i}`), password }, ip));
      if (err) {
        expect(err).toMatchObject({ code: "RATE_LIMITED" });
        limitedAt = i;
      }
    }
    expect(limitedAt).toBe(10);
  });

  it("SIGNUP_MODE=closed refuses every sign-up; confirm without SMTP is a configuration error", async () => {
    setEnv({ SIGNUP_MODE: "closed" });
    expect(await errorOf(signUp({ email: email("closed"), password }, fromIp()))).toMatchObject({ code: "FORBIDDEN" });
    expect(await db.user.count({ where: { email: email("closed") } })).toBe(0);
    setEnv({ SIGNUP_MODE: "confirm" });
    expect(await errorOf(signUp({ email: email("misconfigured"), password }, fromIp()))).toMatchObject({
      name: "EnvError",
    });
  });
});
