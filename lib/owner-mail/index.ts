import "server-only";
import { db } from "@/lib/db";
import { ownerNotices } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail";
import { saToday } from "@/lib/reports/day";
import {
  alertMail,
  runwayAlert,
  summaryDue,
  summaryMail,
  unresolvedAlert,
  varianceAlert,
  type Alert,
  type MailContent,
} from "./content";
import { closedShifts, daySummary, floatNow, unresolvedSales } from "./data";

/** Mail to the owner goes out only with both an SMTP server and the owner's address. */
function ownerAddress(): string | null {
  const config = env();
  return config.smtpUrl && config.ownerEmail?.length ? config.ownerEmail.join(", ") : null;
}

/**
 * Sends one notice to the owner once: the key is claimed in the journal first, so another
 * instance or a restart never sends it again. A send that fails stays in the outbox, which
 * retries it and shows it on the office's Mail page.
 */
async function sendOnce(key: string, content: () => Promise<MailContent>): Promise<boolean> {
  const to = ownerAddress();
  if (!to) return false;
  const database = await db();
  const claimed = await database
    .insert(ownerNotices)
    .values({ key })
    .onConflictDoNothing({ target: ownerNotices.key })
    .returning({ key: ownerNotices.key });
  if (claimed.length === 0) return false;
  const result = await sendMail({ to, ...(await content()) });
  if (!result.ok) log().warn({ key }, "owner mail left in the outbox for its retry");
  return true;
}

/** The day's summary (once per day). */
export function sendDailySummary(day: string, now = new Date()): Promise<boolean> {
  return sendOnce(`summary:${day}`, async () => summaryMail(await daySummary(day, now)));
}

/** The alerts due now: the float running low, a large variance, a sale left unresolved. */
export async function dueAlerts(now = new Date()): Promise<Alert[]> {
  const config = env();
  const day = saToday(now);
  const [float, closed, unresolved] = await Promise.all([
    floatNow(now),
    closedShifts({ start: new Date(now.getTime() - 24 * 3_600_000), end: now }),
    unresolvedSales(now),
  ]);
  return [
    ...(float?.short ? [runwayAlert(day, float, float.lowBalance)] : []),
    ...closed
      .filter(
        (z) => z.varianceCents !== null && Math.abs(z.varianceCents) > config.alertVarianceCents,
      )
      .map((z) => varianceAlert(z, config.publicUrl)),
    ...unresolved
      .filter((u) => u.minutes * 60_000 >= config.alertUnresolvedMs)
      .map((u) => unresolvedAlert(u, config.publicUrl)),
  ];
}

/** Each alert due now, once; returns how many went out. */
export async function sendDueAlerts(now = new Date()): Promise<number> {
  if (!ownerAddress()) return 0;
  const config = env();
  let sent = 0;
  for (const alert of await dueAlerts(now))
    if (
      await sendOnce(alert.key, async () => alertMail(config.merchantName, config.publicUrl, alert))
    )
      sent += 1;
  return sent;
}

/** The background's minute: alerts, and the summary once its time has come (KASSA_SUMMARY_TIME). */
export async function ownerMailTick(now = new Date()): Promise<void> {
  if (!ownerAddress()) return;
  await sendDueAlerts(now);
  if (summaryDue(now, env().summaryTime)) await sendDailySummary(saToday(now), now);
}
