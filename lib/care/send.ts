import "server-only";
import { eq } from "drizzle-orm";
import type { Staff } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db";
import { tokenSends, type SendChannel, type TokenSend } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ActionError } from "@/lib/errors";
import { sendMailNow } from "@/lib/mail";
import { maySendSale } from "@/lib/security/ownership";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { findSale } from "@/lib/sales/journal";
import { checkAddress, maskAddress } from "./address";
import { sendMessageFor } from "./message";
import { sendSms } from "./sms";

/** Refused like a sale that does not exist: nothing of it is told (tests/e2e/security-table.ts). */
const NOT_YOURS = "This sale is not one of yours.";
export const PIN_NEEDS_SUPERVISOR =
  "This voucher PIN was sold by a colleague: only a supervisor sends it, from the office.";

/** How many times a send is tried: once, and once more when the first fails. */
const ATTEMPTS = 2;

export interface SendView {
  id: string;
  channel: SendChannel;
  maskedAddress: string;
  status: TokenSend["status"];
  attempts: number;
  error: string | null;
}

export const sendViewOf = (s: TokenSend): SendView => ({
  id: s.id,
  channel: s.channel,
  maskedAddress: s.maskedAddress,
  status: s.status,
  attempts: s.attempts,
  error: s.error,
});

/**
 * Send a completed sale's tokens (or voucher PIN, or bill receipt) to the number or address
 * the cashier typed with the customer present and agreeing. The send is journalled before
 * anything leaves (masked address only), tried at most twice, settled and audited; the
 * address itself is used for this call and kept nowhere.
 */
export async function sendSaleToCustomer(
  staff: Staff,
  input: { saleId: string; channel: SendChannel; address: string },
): Promise<SendView> {
  const sale = await findSale(input.saleId);
  if (!sale || sale.status !== "completed") throw new ActionError(NOT_YOURS);
  const message = sendMessageFor(sale, env().merchantName);
  const rule = maySendSale(staff, sale, message?.carriesPin ?? false);
  if (rule === "no") throw new ActionError(NOT_YOURS);
  if (!message) throw new ActionError("This sale has nothing to send: no token, PIN or receipt.");
  if (rule === "pin_needs_supervisor")
    throw new ActionError(PIN_NEEDS_SUPERVISOR, undefined, { code: "pin_needs_supervisor" });

  // Checked again here, whoever calls: nothing leaves for an address that is not one.
  const checked = checkAddress(input.channel, input.address);
  if (!checked.ok) throw new ActionError(checked.message, "address");
  const address = checked.address;
  await limitOrRefuse("customerSend", staff.userId, actorOf(staff), "send_to_customer");
  const database = await db();
  const maskedAddress = maskAddress(input.channel, address);
  const [row] = await database
    .insert(tokenSends)
    .values({
      saleId: sale.id,
      channel: input.channel,
      maskedAddress,
      consentAt: new Date(),
      userId: staff.userId,
      tillId: staff.till.id,
    })
    .returning();
  let result: { ok: true; messageId: string } | { ok: false; error: string } = {
    ok: false,
    error: "Not sent.",
  };
  let attempts = 0;
  while (attempts < ATTEMPTS && !result.ok) {
    attempts += 1;
    result =
      input.channel === "sms"
        ? await sendSms(address, message.text)
        : await sendMailNow({ to: address, subject: message.subject, text: message.text });
  }
  const [settled] = await database
    .update(tokenSends)
    .set({
      status: result.ok ? "delivered" : "failed",
      attempts,
      providerId: result.ok ? result.messageId : null,
      error: result.ok ? null : result.error,
      settledAt: new Date(),
    })
    .where(eq(tokenSends.id, row!.id))
    .returning();
  await audit(actorOf(staff), result.ok ? "token_sent" : "token_send_failed", sale.id, {
    sendId: row!.id,
    channel: input.channel,
    to: maskedAddress,
    attempts,
    ...(result.ok ? {} : { error: result.error }),
  });
  return sendViewOf(settled!);
}
