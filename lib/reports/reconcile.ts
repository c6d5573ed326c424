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

export type MatchKind =
  | "matched"
  | "amount_differs"
  | "ledger_only"
  | "kassa_only"
  | "status_differs"
  | "paid_twice"
  | "not_a_payment"
  | "status_unknown"
  | "given_up";

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
  paid_twice: "Paid more than once in the ledger",
  not_a_payment: "Attempt, not a payment (declined, cancelled, pending)",
  status_unknown: "Gateway status Kassa does not know",
  given_up: "Paid for an order Kassa gave up on: not delivered",
};

export type GatewayOutcome = "approved" | "declined" | "cancelled" | "pending";

/**
 * The one table of raw gateway statuses (`transactionStatus`) and what they mean
 * (docs/upstream-assumptions.md). Only `approved` lines are money received; the others
 * are listed apart. A status not in this table is shown for a supervisor and never
 * counted as a payment.
 */
export const GATEWAY_STATUSES: Record<string, GatewayOutcome> = {
  APPROVED: "approved",
  PAID: "approved",
  SUCCESS: "approved",
  SUCCESSFUL: "approved",
  SETTLED: "approved",
  CAPTURED: "approved",
  DECLINED: "declined",
  FAILED: "declined",
  REJECTED: "declined",
  ERROR: "declined",
  CANCELLED: "cancelled",
  CANCELED: "cancelled",
  VOIDED: "cancelled",
  CREATED: "pending",
  PENDING: "pending",
  NO_ATTEMPT: "pending",
};

export function gatewayOutcome(rawStatus: string): GatewayOutcome | null {
  return GATEWAY_STATUSES[rawStatus.trim().toUpperCase()] ?? null;
}

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
    const outcome = gatewayOutcome(line.gatewayStatus);
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
    // Only an approved line is a payment; a declined attempt before the approval is listed apart.
    if (outcome === null) match = "status_unknown";
    else if (outcome !== "approved") match = "not_a_payment";
    else if (seen.has(line.orderId)) match = "paid_twice";
    else if (!order) match = "ledger_only";
    // Paid for a sale Kassa never sent (the till had stopped waiting): never "matched".
    else if (order.givenUp) match = "given_up";
    else if (order.amountCents !== line.amountCents) match = "amount_differs";
    else if (order.orderStatus !== "PAID") match = "status_differs";
    else match = "matched";
    if (outcome === "approved") seen.add(line.orderId);
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

export function summarise(
  rows: MatchRow[],
  kassa: KassaOrder[],
  verificationErrors: string[],
): ReconciliationSummary {
  const counts = Object.fromEntries(Object.keys(MATCH_LABELS).map((k) => [k, 0])) as Record<
    MatchKind,
    number
  >;
  for (const row of rows) counts[row.match] += 1;
  // Money received: approved lines only (a declined attempt moved no money).
  const ledgerTotalCents = rows
    .filter(
      (r) =>
        r.ledgerCents !== null &&
        r.gatewayStatus !== null &&
        gatewayOutcome(r.gatewayStatus) === "approved",
    )
    .reduce((s, r) => s + (r.ledgerCents ?? 0), 0);
  const kassaPaidTotalCents = kassa
    .filter((o) => o.orderStatus === "PAID")
    .reduce((s, o) => s + o.amountCents, 0);
  const onlyMatchedOrAttempts = rows.every(
    (r) => r.match === "matched" || r.match === "not_a_payment",
  );
  return {
    counts,
    ledgerTotalCents,
    kassaPaidTotalCents,
    // Never "all matched" while the totals differ, whatever the rows say.
    allMatched:
      onlyMatchedOrAttempts &&
      verificationErrors.length === 0 &&
      ledgerTotalCents === kassaPaidTotalCents,
  };
}
