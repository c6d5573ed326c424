import type { OrderStatus, SaleKind, SaleStatus } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";

/** One payment in the core service's end-of-day ledger. */
export interface LedgerLine {
  orderId: string;
  gatewayStatus: string;
  amountCents: Cents;
  at: Date | null;
}

/** One of Kassa's own card orders, with its sale. */
export interface KassaOrder {
  saleId: string;
  kind: SaleKind;
  saleStatus: SaleStatus;
  orderStatus: OrderStatus;
  amountCents: Cents;
  paidAt: Date | null;
  createdAt: Date;
  needsRefund: boolean;
  /** Kassa stopped waiting and never sent the sale: a payment for it was not delivered. */
  givenUp?: boolean;
}

export type MatchKind = "matched" | "amount_differs" | "ledger_only" | "kassa_only" | "status_differs" | "given_up";

export interface MatchRow {
  match: MatchKind;
  orderId: string;
  ledgerCents: Cents | null;
  kassaCents: Cents | null;
  gatewayStatus: string | null;
  orderStatus: OrderStatus | null;
  saleStatus: SaleStatus | null;
  kind: SaleKind | null;
  at: Date | null;
}

export const MATCH_LABELS: Record<MatchKind, string> = {
  matched: "Matched",
  amount_differs: "Amounts differ",
  ledger_only: "In the ledger, not in Kassa",
  kassa_only: "In Kassa, not in the ledger",
  status_differs: "In the ledger, not paid in Kassa",
  given_up: "Paid for an order Kassa gave up on: not delivered",
};

const PAID_IN_LEDGER = new Set(["APPROVED", "PAID", "SUCCESS", "SETTLED"]);

/**
 * Match the ledger against Kassa's card orders, by order id (Kassa's sale id).
 * `ledger` is the day's ledger; `kassa` holds Kassa's orders of the same day and any
 * other order the ledger names (a payment may cross midnight). Only orders Kassa
 * believes PAID are expected in the ledger.
 */
export function reconcile(ledger: LedgerLine[], kassa: KassaOrder[]): MatchRow[] {
  const byId = new Map(kassa.map((o) => [o.saleId, o]));
  const seen = new Set<string>();
  const rows: MatchRow[] = [];
  for (const line of ledger) {
    const order = byId.get(line.orderId);
    seen.add(line.orderId);
    const base = {
      orderId: line.orderId,
      ledgerCents: line.amountCents,
      gatewayStatus: line.gatewayStatus,
      at: line.at,
      kassaCents: order?.amountCents ?? null,
      orderStatus: order?.orderStatus ?? null,
      saleStatus: order?.saleStatus ?? null,
      kind: order?.kind ?? null,
    };
    let match: MatchKind;
    if (!order) match = "ledger_only";
    // Paid for a sale Kassa never sent (the till had stopped waiting): never "matched".
    else if (order.givenUp && PAID_IN_LEDGER.has(line.gatewayStatus.toUpperCase())) match = "given_up";
    else if (order.amountCents !== line.amountCents) match = "amount_differs";
    else if (order.orderStatus !== "PAID" && PAID_IN_LEDGER.has(line.gatewayStatus.toUpperCase())) match = "status_differs";
    else match = "matched";
    rows.push({ match, ...base });
  }
  for (const order of kassa) {
    if (seen.has(order.saleId) || order.orderStatus !== "PAID") continue;
    rows.push({
      match: "kassa_only",
      orderId: order.saleId,
      ledgerCents: null,
      kassaCents: order.amountCents,
      gatewayStatus: null,
      orderStatus: order.orderStatus,
      saleStatus: order.saleStatus,
      kind: order.kind,
      at: order.paidAt ?? order.createdAt,
    });
  }
  return rows;
}

export interface ReconciliationSummary {
  counts: Record<MatchKind, number>;
  ledgerTotalCents: Cents;
  kassaPaidTotalCents: Cents;
  allMatched: boolean;
}

export function summarise(rows: MatchRow[], kassa: KassaOrder[], verificationErrors: string[]): ReconciliationSummary {
  const counts: Record<MatchKind, number> = { matched: 0, amount_differs: 0, ledger_only: 0, kassa_only: 0, status_differs: 0, given_up: 0 };
  for (const row of rows) counts[row.match] += 1;
  return {
    counts,
    ledgerTotalCents: rows.reduce((s, r) => s + (r.ledgerCents ?? 0), 0),
    kassaPaidTotalCents: kassa.filter((o) => o.orderStatus === "PAID").reduce((s, o) => s + o.amountCents, 0),
    allMatched: rows.length === counts.matched && verificationErrors.length === 0,
  };
}
