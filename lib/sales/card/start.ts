import "server-only";
import { mayUseSale } from "@/lib/security/ownership";
import { env } from "@/lib/env";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import type { Sale } from "@/lib/db/schema";
import type { KioskLocale } from "@/lib/i18n/kiosk-messages";
import { createOrder, isUpstreamError } from "@/lib/upstream";
import { admitSale } from "@/lib/lifecycle";
import { findSale, keepingRawAnswers } from "@/lib/sales/journal";
import { refuseWhileStopping } from "@/lib/sales/send";
import { planOrder } from "./lines";
import { remainingMs } from "./outcome";
import { KIOSK_CHECKOUT_MS } from "./schedule";
import { viewOfSale, type CardPaymentView } from "./view";
import { findCardOrder } from "./store";
import { insertOrder, moveOrder, moveSale, stampTillWaiting } from "@/lib/sales/door";
import { db } from "@/lib/db";
import { FOLLOW_LEASE_MS } from "./schedule";

/** Opening a card order for a recorded sale. */

/**
 * Where the hosted checkout sends the customer back to: Kassa's own address and the sale id,
 * and at a kiosk the customer's language (so the return page and receipt speak it), nothing else.
 */
export function cardReturnUrls(
  saleId: string,
  channel: "counter" | "kiosk",
  lang: KioskLocale = "en",
): { success: string; cancel: string } {
  const base = `${env().publicUrl}${channel === "kiosk" ? "/kiosk/pay" : "/pay"}/${encodeURIComponent(saleId)}`;
  const query = channel === "kiosk" && lang !== "en" ? `?lang=${lang}` : "";
  return { success: `${base}/done${query}`, cancel: `${base}/cancelled${query}` };
}

/** The sale must be a card sale the caller made, at this till (a kiosk only ever sees its own). */
export async function ownCardSale(saleId: string, staff: Staff): Promise<Sale> {
  const sale = await findSale(saleId);
  if (!sale || sale.method !== "card" || sale.tillId !== staff.till.id || !mayUseSale(staff, sale))
    throw new ActionError("This card payment does not belong to this till.");
  return sale;
}

/**
 * The till is still waiting on its card sale: a poll has just arrived, whatever its status
 * answer will take. Only the sale's own cashier at its own till counts (the door checks it).
 */
export async function noteTillWaiting(saleId: string, staff: Staff): Promise<void> {
  await stampTillWaiting(
    await db(),
    saleId,
    { userId: staff.userId, tillId: staff.till.id },
    new Date(),
  );
}

async function waitForPaymentPage(saleId: string): Promise<string | null> {
  // Another request (a double render) is opening the order right now; its answer is near.
  for (let i = 0; i < 20; i++) {
    const order = await findCardOrder(saleId);
    if (order?.paymentPageUrl) return order.paymentPageUrl;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/** Open the order at the core service (once per sale) and return where the customer pays. */
export function startCardPayment(
  saleId: string,
  staff: Staff,
  lang: KioskLocale = "en",
): Promise<CardPaymentView> {
  // Opening an order is a call to the core service: not while Kassa stops, and waited for.
  return admitSale(() => openCardPayment(saleId, staff, lang), refuseWhileStopping);
}

async function openCardPayment(
  saleId: string,
  staff: Staff,
  lang: KioskLocale,
): Promise<CardPaymentView> {
  const sale = await ownCardSale(saleId, staff);
  const existing = await findCardOrder(sale.id);
  if (sale.status !== "pending" || sale.attempts > 0) return viewOfSale(sale, existing);
  const counter = staff.role !== "kiosk";
  const waiting = (url: string, createdAt: Date): CardPaymentView => ({
    state: "waiting",
    paymentPageUrl: url,
    paymentStatus: null,
    remainingMs: counter ? remainingMs(createdAt, new Date()) : null,
  });
  const actor = actorOf(staff);
  const database = await db();
  const claimed =
    !existing &&
    (await insertOrder(
      database,
      {
        saleId: sale.id,
        amountCents: sale.amountCents,
        nextCheckAt: new Date(Date.now() + FOLLOW_LEASE_MS),
      },
      actor,
    ));
  if (!claimed) {
    const url = existing?.paymentPageUrl ?? (await waitForPaymentPage(sale.id));
    const order = await findCardOrder(sale.id);
    if (!url || !order)
      throw new ActionError("The card payment is still being started. Try again in a moment.");
    return waiting(url, order.createdAt);
  }
  const plan = planOrder(sale, env().vatPercent);
  try {
    // The order's answer is kept with the sale, like a purchase's.
    const opened = await keepingRawAnswers(sale.id, () =>
      createOrder({
        orderId: sale.id,
        description: plan.description,
        totalCents: sale.amountCents,
        vatCents: plan.vatCents,
        lines: plan.lines,
        returnTo: cardReturnUrls(sale.id, counter ? "counter" : "kiosk", lang),
        metadata: { till: staff.till.id, cashier: staff.username, kind: sale.kind },
      }),
    );
    // The door: the page is kept with its `card_order_created` event (not for an order the
    // sweep closed meanwhile: no payment page for a settled sale).
    const saved = await moveOrder(database, "card_order_created", sale.id, {
      actor,
      args: {
        upstreamOrderId: opened.upstreamOrderId,
        paymentPageUrl: opened.paymentPageUrl,
        nextCheckAt: new Date(Date.now() + env().cardFollowMinuteMs),
        // The till waits from the moment the order opens (its first status answer may be slow,
        // and the customer's phone may come back first); the kiosk's browser goes to the
        // checkout itself: it is on the sale while it is there.
        tillSeenAt: new Date(Date.now() + (counter ? 0 : KIOSK_CHECKOUT_MS)),
      },
      detail: {
        upstreamOrderId: opened.upstreamOrderId,
        kind: sale.kind,
        lines: plan.lines.length,
      },
    });
    if (!saved) throw new Error(`no open card order for sale ${sale.id}`);
    return waiting(opened.paymentPageUrl, saved.createdAt);
  } catch (error) {
    // Nobody has seen a payment page for this order, so nobody can pay it: the sale is simply not paid.
    const why = isUpstreamError(error) ? error.cashierMessage : "Kassa could not start it.";
    const message = `The card payment could not be started: ${why} Nothing was sold.`;
    // The door: the sale fails and its order is cancelled and closed, in one statement.
    await moveSale(database, "card_sale_not_started", sale.id, {
      actor,
      args: { message },
      detail: { error: isUpstreamError(error) ? error.kind : "internal" },
    });
    return { state: "not_paid", reason: message };
  }
}
