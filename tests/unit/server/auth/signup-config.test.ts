import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, resetEnvCache } from "../../../../lib/server/env";
import { configuredSignupMode } from "../../../../lib/server/auth/signup";

const base = { DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/h2hmem" };
const mail = {
  SMTP_URL: "smtp://127.0.0.1:2525",
  MAIL_FROM: "lb <noreply@lb.example>",
  AUTH_URL: "https://lb.example",
};

describe("mail and sign-up settings", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it.each([
    [{ SMTP_URL: mail.SMTP_URL, AUTH_URL: mail.AUTH_URL }, "MAIL_FROM"],
    [{ MAIL_FROM: mail.MAIL_FROM }, "SMTP_URL"],
    [{ SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM }, "AUTH_URL"],
    [{ SIGNUP_MODE: "confirm" }, "SIGNUP_MODE"],
    [{ SIGNUP_MODE: "invite" }, "SIGNUP_MODE"],
  ])("refuses %j naming %s", (extra, name) => {
    expect(() => parseEnv({ ...base, ...extra })).toThrow(new RegExp(`^  ${name}: `, "m"));
  });

  it("defaults to confirm with mail, open without; an explicit mode wins", () => {
    const mode = (extra: Record<string, string>) => {
      process.env = { ...saved, ...base, SMTP_URL: "", MAIL_FROM: "", SIGNUP_MODE: "", ...extra };
      resetEnvCache();
      return configuredSignupMode();
    };
    expect(mode({})).toBe("open");
    expect(mode(mail)).toBe("confirm");
    expect(mode({ ...mail, SIGNUP_MODE: "open" })).toBe("open");
    expect(mode({ SIGNUP_MODE: "closed" })).toBe("closed");
  });
});
