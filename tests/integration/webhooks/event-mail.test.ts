// E-mail on submission events through the configured SMTP server (a real one on loopback):
// on by default, opted out per account and event type.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission, rejectSubmission } from "@/lib/server/review/decide";
import { mailOptOut, setMailEvents } from "@/lib/server/notify/event-mail";
import { scoredSubmission, userWithToken } from "../../support/api-helpers";
import { setEnv } from "../../support/pipeline-helpers";
import { startSmtpCapture, type SmtpCapture } from "../../support/smtp-capture";

const log = logger.child({ test: "event-mail" });
log.level = "error";
let smtp: SmtpCapture;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;

const scored = (stamp: string) => scoredSubmission(author.id, stamp, log);
const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  await setEnv({ AUTH_URL: "https://lb.example", SMTP_URL: smtp.url, MAIL_FROM: "leaderboard@h2hmem.test" });
  [author, admin] = await Promise.all([
    userWithToken("mail-author", "SUBMITTER"),
    userWithToken("mail-admin", "ADMIN"),
  ]);
});
afterAll(async () => {
  await smtp?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
  await setEnv({ AUTH_URL: undefined, SMTP_URL: undefined, MAIL_FROM: undefined });
});

describe("e-mail on submission events", () => {
  it("mails the owner when a submission is scored and approved, with links", async () => {
    const stamp = `mail-a-${Date.now()}`;
    const id = await scored(stamp);
    const scoredMail = await smtp.next((m) => m.to.includes(author.email) && m.subject.includes(stamp));
    expect(scoredMail.subject).toBe(`[H2HMem] Scored: ${stamp}`);
    expect(scoredMail.body).toContain(`https://lb.example/submissions/${id}`);
    await approveSubmission({ submissionId: id, reviewerId: admin.id });
    const approved = await smtp.next((m) => m.to.includes(author.email) && m.subject.startsWith("[H2HMem] Approved"));
    expect(approved.body).toContain(`/entries/${id}`);
  });

  it("mails an account whose locale is zh in Chinese", async () => {
    await db.user.update({ where: { id: author.id }, data: { locale: "zh" } });
    try {
      const stamp = `mail-zh-${Date.now()}`;
      const id = await scored(stamp);
      const mail = await smtp.next((m) => m.to.includes(author.email) && m.subject.includes(stamp));
      expect(mail.subject).toBe(`[H2HMem] 评分完成：${stamp}`);
      expect(mail.body).toContain(`提交：https://lb.example/submissions/${id}`);
      expect(mail.body).toContain("你收到此邮件是因为你的通知设置");
    } finally {
      await db.user.update({ where: { id: author.id }, data: { locale: null } });
    }
  });

  it("sends nothing for an event the account opted out of, and still the others", async () => {
    const others = ["submission.scored", "submission.failed", "submission.approved", "entry.disputed"];
    expect(await setMailEvents(author.id, ["submission.rejected"])).toEqual(others);
    expect(await mailOptOut(author.id)).toEqual(others);
    const stamp = `mail-b-${Date.now()}`;
    const id = await scored(stamp);
    await rejectSubmission({ submissionId: id, reviewerId: admin.id, reason: "not reproducible here" });
    const rejected = await smtp.next(
      (m) => m.to.includes(author.email) && m.subject === `[H2HMem] Not approved: ${stamp}`,
    );
    expect(rejected.body).toContain("Reason: not reproducible here");
    // The rejection mail went out after scoring finished: a scored mail for it would be here by now.
    expect(
      mailsTo(author.email)
        .filter((m) => m.subject.includes(stamp))
        .map((m) => m.subject),
    ).toEqual([`[H2HMem] Not approved: ${stamp}`]);
  });
});
