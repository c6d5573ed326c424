import "server-only";
import type { Actor } from "@/lib/audit";
import type { PaymentStatus } from "@/lib/upstream";
import { findSale } from "@/lib/sales/journal";
import { checkOnce } from "./status";
import { paidMismatch } from "./outcome";
import { tillPresent } from "./schedule";
import { settlePaid } from "./follow";
import { findCardOrder } from "./store";

export interface CardPeek {
  /** What the core service says now; null when it did not answer. */
  paymentStatus: PaymentStatus | null;
  /**
   * The sale still goes ahead: it completed, is being sent, or its till is still waiting on
   * it. False for a sale the till gave up on: then the shop delivers or refunds it.
   */
  goesAhead: boolean;
  /** The number the customer can show the shop: the core service's order id, else Kassa's. */
  orderNumber: string;
  needsRefund: boolean;
  /** Paid after the till had cancelled it: the till that cancelled has been told. */
  afterCancel: boolean;
}

/**
 * Re-check an order without ever sending its sale: the customer's phone landing on the
 * counter's return page. A till waiting on the sale (stamped from the moment the order
 * opened and at every poll, however slow its status answers) sends it itself. A payment that
 * arrives after the till cancelled it is "paid after cancel", announced on that till; after
 * the till gave up otherwise (not verified, screen left), "paid, not delivered" for a supervisor.
 */
export async function peekCardPayment(saleId: string, actor: Actor): Promise<CardPeek | null> {
  const order = await findCardOrder(saleId);
  let sale = order ? await findSale(saleId) : undefined;
  if (!order || !sale) return null;
  const now = new Date();
  const {
    check,
    status: paymentStatus,
    recorded,
  } = await checkOnce(order, actor, now, { releases: false });
  // The sale and the till's stamp as they stand after this check (a slow answer leaves time
  // for the till's polls, or for its Cancel).
  sale = (await findSale(saleId)) ?? sale;
  const present = sale.status === "pending" && tillPresent(recorded, new Date());
  const orderIds = [saleId, ...(order.upstreamOrderId ? [order.upstreamOrderId] : [])];
  const trusted =
    check.reached &&
    paymentStatus === "PAID" &&
    !paidMismatch(check, { expectedCents: order.amountCents, orderIds });
  // The till's own next check sends a sale it is still waiting on; anything else is listed.
  if (trusted && !present && sale.attempts === 0)
    sale = await settlePaid(sale, recorded, actor, false);
  const goesAhead =
    sale.status === "completed" || (sale.status === "pending" && (sale.attempts > 0 || present));
  return {
    paymentStatus,
    goesAhead,
    orderNumber: order.upstreamOrderId ?? saleId,
    needsRefund: order.needsRefund,
    afterCancel: sale.error?.kind === "card_paid_after_cancel",
  };
}
