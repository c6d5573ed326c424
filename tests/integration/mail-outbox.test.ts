import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startSmtpListener, type SmtpListener } from "../support/smtp-listener";
import { ownDataDir } from "./office-support";

let smtp: SmtpListener;

beforeAll(async () => {
  smtp = await startSmtpListener();
  ownDataDir();
  process.env.KASSA_SMTP_URL = smtp.url;
  process.env.KASSA_MAIL_FROM = "Kassa Test <kassa@shop.test>";
  // The journal opens here, in the hook's longer time, not in the first test.
  await (await import("@/lib/db")).db();
});
afterAll(async () => {
  await smtp.close();
});

describe("sendMail and its outbox", () => {
  it("delivers a message over SMTP and keeps it as sent", async () => {
    const { sendMail } = await import("@/lib/mail");
    const result = await sendMail({
      to: "owner@shop.test",
      subject: "Hello from Kassa",
      text: "Plain body",
      html: "<p>Plain body</p>",
    });
    expect(result.ok).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({
      from: "kassa@shop.test",
      to: ["owner@shop.test"],
      subject: "Hello from Kassa",
    });
    expect(mail!.text.trim()).toBe("Plain body");
    expect(mail!.html).toContain("<p>Plain body</p>");
  });

  it("keeps a refused message queued and sends it on the retry pass", async () => {
    const { sendMail } = await import("@/lib/mail");
    const { retryDue } = await import("@/lib/mail/outbox");
    const { db } = await import("@/lib/db");
    const { mailOutbox } = await import("@/lib/db/schema");
    const { env } = await import("@/lib/env");
    smtp.failNext(1);
    const result = await sendMail({ to: "owner@shop.test", subject: "Second", text: "x" });
    expect(result.ok).toBe(false);
    const database = await db();
    const [row] = await database.select().from(mailOutbox).where(eq(mailOutbox.subject, "Second"));
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/451|try again/);
    // Its time comes (1 minute later): the pass sends it.
    const sent = await retryDue(database, env(), new Date(Date.now() + 61_000));
    expect(sent).toBe(1);
    const [after] = await database.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    await smtp.waitFor(2);
    expect(smtp.received[1]!.subject).toBe("Second");
  });
});
