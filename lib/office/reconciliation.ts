import "server-only";
import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { cardOrders, sales } from "@/lib/db/schema";
import { fetchLedger, type Ledger } from "@/lib/upstream";
import { saDayBounds } from "@/lib/reports/day";
import {
  reconcile,
  summarise,
  type KassaOrder,
  type MatchRow,
  type ReconciliationSummary,
} from "@/lib/reports/reconcile";
import { toCsv, csvRands } from "@/lib/reports/csv";

export interface Reconciliation {
  businessDate: string;
  generatedOn: Date | null;
  ledgerCount: number;
  rows: MatchRow[];
  kassa: KassaOrder[];
  verificationErrors: string[];
  summary: ReconciliationSummary;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Kassa's card orders of one South African day (paid that day, or made that day and never paid), plus any the ledger names. */
export async function kassaOrdersFor(
  businessDate: string,
  ledgerIds: string[],
): Promise<KassaOrder[]> {
  const { start, end } = saDayBounds(businessDate);
  const database = await db();
  const named = ledgerIds.filter((id) => UUID.test(id));
  const inDay = or(
    and(isNotNull(cardOrders.paidAt), gte(cardOrders.paidAt, start), lt(cardOrders.paidAt, end)),
    and(isNull(cardOrders.paidAt), gte(cardOrders.createdAt, start), lt(cardOrders.createdAt, end)),
  );
  return database
    .select({
      saleId: cardOrders.saleId,
      kind: sales.kind,
      saleStatus: sales.status,
      orderStatus: cardOrders.status,
      amountCents: cardOrders.amountCents,
      paidAt: cardOrders.paidAt,
      createdAt: cardOrders.createdAt,
      needsRefund: cardOrders.needsRefund,
      givenUp: sql<boolean>`${sales.attempts} = 0`,
    })
    .from(cardOrders)
    .innerJoin(sales, eq(sales.id, cardOrders.saleId))
    .where(named.length > 0 ? or(inDay, inArray(cardOrders.saleId, named)) : inDay)
    .orderBy(cardOrders.createdAt);
}

/** A business day's ledger (yesterday's from the core service unless given a kept one) beside Kassa's own card orders of that day. */
export async function loadReconciliation(given?: Ledger): Promise<Reconciliation> {
  const ledger: Ledger = given ?? (await fetchLedger());
  const kassa = await kassaOrdersFor(
    ledger.businessDate,
    ledger.entries.map((e) => e.orderId),
  );
  const rows = reconcile(
    ledger.entries.map((e) => ({
      orderId: e.orderId,
      gatewayStatus: e.gatewayStatus,
      amountCents: e.amountCents,
      at: e.at,
    })),
    kassa,
  );
  return {
    businessDate: ledger.businessDate,
    generatedOn: ledger.generatedOn,
    ledgerCount: ledger.entries.length,
    rows,
    kassa,
    verificationErrors: ledger.verificationErrors,
    summary: summarise(rows, kassa, ledger.verificationErrors),
  };
}

export function reconciliationCsv(r: Reconciliation): string {
  const header = [
    "business_date",
    "result",
    "order_id",
    "kind",
    "ledger_amount",
    "kassa_amount",
    "gateway_status",
    "kassa_order_status",
    "sale_status",
    "time",
    "note",
  ];
  const rows = r.rows.map((row) => [
    r.businessDate,
    row.match,
    row.orderId,
    row.kind,
    csvRands(row.ledgerCents),
    csvRands(row.kassaCents),
    row.gatewayStatus,
    row.orderStatus,
    row.saleStatus,
    row.at?.toISOString() ?? "",
    "",
  ]);
  for (const message of r.verificationErrors)
    rows.push([r.businessDate, "verification_error", "", "", "", "", "", "", "", "", message]);
  return toCsv(header, rows);
}
