import "server-only";
import { and, asc, desc, eq, lte, or, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { mailOutbox, type MailRow } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { mailErrorText, mailTransport } from "./transport";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export type SendResult = { ok: true; messageId: string } | { ok: false; error: string };

export interface MailConfig {
  smtpUrl?: string;
  mailFrom: string;
}

/** Tries of one message before it is left "failed" for a supervisor to send again. */
export const MAX_ATTEMPTS = 6;

/** 1, 2, 4, 8, 16 minutes between tries: a server down for half an hour still gets the mail. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** Put a message in the outbox; it is tried at once by the caller and later by the retry pass. */
export async function enqueue(database: Db, message: MailMessage): Promise<MailRow> {
  const [row] = await database
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      nextAttemptAt: new Date(),
    })
    .returning();
  return row!;
}

/**
 * One try of one outbox row over SMTP, its outcome written back: sent, queued for the next
 * try, or failed after MAX_ATTEMPTS. A row another pass already sent is left alone.
 */
export async function attempt(database: Db, row: MailRow, config: MailConfig): Promise<SendResult> {
  if (!config.smtpUrl) return { ok: false, error: "KASSA_SMTP_URL is not set: no mail is sent" };
  // Claim the row for this try so that two passes (two instances) never send it twice.
  const claimUntil = new Date(Date.now() + 5 * 60_000);
  const claimed = await database
    .update(mailOutbox)
    .set({ nextAttemptAt: claimUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        eq(mailOutbox.id, row.id),
        eq(mailOutbox.status, row.status),
        eq(mailOutbox.attempts, row.attempts),
      ),
    )
    .returning();
  const mine = claimed[0];
  if (!mine) return { ok: false, error: "already being sent" };
  try {
    const info = (await mailTransport(config.smtpUrl).sendMail({
      from: config.mailFrom,
      to: mine.to,
      subject: mine.subject,
      text: mine.text,
      ...(mine.html ? { html: mine.html } : {}),
    })) as { messageId?: string };
    const messageId = info.messageId ?? "";
    await database
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), messageId, lastError: null, nextAttemptAt: null })
      .where(eq(mailOutbox.id, mine.id));
    return { ok: true, messageId };
  } catch (error) {
    const text = mailErrorText(error, config.smtpUrl);
    const gaveUp = mine.attempts >= MAX_ATTEMPTS;
    await database
      .update(mailOutbox)
      .set({
        status: gaveUp ? "failed" : "queued",
        lastError: text,
        nextAttemptAt: gaveUp ? null : new Date(Date.now() + retryDelayMs(mine.attempts)),
      })
      .where(eq(mailOutbox.id, mine.id));
    log().warn({ mailId: mine.id, attempts: mine.attempts, gaveUp }, "mail not sent");
    return { ok: false, error: text };
  }
}

/** The retry pass: every queued message whose time has come gets one more try. */
export async function retryDue(
  database: Db,
  config: MailConfig,
  now = new Date(),
): Promise<number> {
  if (!config.smtpUrl) return 0;
  const due = await database
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "queued"),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(50);
  let sent = 0;
  for (const row of due) if ((await attempt(database, row, config)).ok) sent += 1;
  return sent;
}

/** A failed message queued again by a supervisor (the office's "Send again"). */
export async function requeue(database: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await database
    .update(mailOutbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "failed")))
    .returning();
  return row;
}

/** The newest messages, for the office's outbox page. */
export async function recentMail(database: Db, limit = 100): Promise<MailRow[]> {
  return database.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
