import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { attempt, enqueue, recentMail, requeue, retryDue } from "./outbox";
import { mailErrorText, mailTransport } from "./transport";

/**
 * Kassa's one way to send an e-mail. The message is written to the outbox first, then tried
 * at once; a failed try stays in the outbox and is retried by the background pass
 * (retryMailInBackground) and shown on the office's Mail page, so nothing is lost silently.
 * With KASSA_SMTP_URL unset nothing is stored or sent.
 */
export async function sendMail(message: {
  to: string;
  subject: string;
  text: string;
  html?: string;
}): Promise<{ ok: true; messageId: string } | { ok: false; error: string }> {
  const config = env();
  if (!config.smtpUrl) return { ok: false, error: "KASSA_SMTP_URL is not set: no mail is sent" };
  const database = await db();
  const row = await enqueue(database, message);
  return attempt(database, row, config);
}

/** One retry pass over the outbox (lib/background.ts runs it every minute). */
export async function retryMail(): Promise<number> {
  const config = env();
  if (!config.smtpUrl) return 0;
  return retryDue(await db(), config);
}

/** The newest messages of the outbox, for the office's Mail page. */
export async function mailOutboxNow() {
  return recentMail(await db());
}

/**
 * A message that failed every try, queued again by a supervisor and tried at once:
 * "sent", "queued" (failed again, retried later), or "not_failed" (nothing to send again).
 */
export async function resendMail(id: string): Promise<"sent" | "queued" | "not_failed"> {
  const database = await db();
  const row = await requeue(database, id);
  if (!row) return "not_failed";
  return (await attempt(database, row, env())).ok ? "sent" : "queued";
}

/**
 * One message to a customer, sent at once and not kept: a customer's address and the tokens or
 * PIN it carries stay out of the outbox (customer care journals its own sends, masked, and
 * makes its own single retry: lib/care/send.ts).
 */
export async function sendMailNow(message: {
  to: string;
  subject: string;
  text: string;
}): Promise<{ ok: true; messageId: string } | { ok: false; error: string }> {
  const config = env();
  if (!config.smtpUrl) return { ok: false, error: "KASSA_SMTP_URL is not set: no mail is sent" };
  try {
    const info = (await mailTransport(config.smtpUrl).sendMail({
      from: config.mailFrom,
      ...message,
    })) as { messageId?: string };
    return { ok: true, messageId: info.messageId ?? "" };
  } catch (error) {
    return { ok: false, error: mailErrorText(error, config.smtpUrl) };
  }
}
