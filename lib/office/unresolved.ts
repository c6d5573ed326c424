import "server-only";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { db } from "@/lib/db";
import {
  cardOrders,
  sales,
  type OrderStatus,
  type PaymentMethod,
  type SaleKind,
  type SaleStatus,
} from "@/lib/db/schema";
import { kindOf } from "@/lib/kinds";
import { IDEMPOTENT_KINDS } from "@/lib/sales/journal";
import { salesWithNames } from "@/lib/sales/with-names";
import { vasRequestSchema } from "@/lib/kinds/vas/sale-data";

function vasRecipientOf(request: unknown): string | null {
  const parsed = vasRequestSchema.safeParse(request);
  return parsed.success ? parsed.data.recipient : null;
}

/** A sale a supervisor must settle: not confirmed, or paid by card but not delivered. */
export interface UnresolvedSale {
  saleId: string;
  why: "unknown" | "refund";
  kind: SaleKind;
  method: PaymentMethod;
  status: SaleStatus;
  amountCents: number;
  reference: string;
  cashier: string;
  tillName: string;
  createdAt: Date;
  message: string | null;
  orderStatus: OrderStatus | null;
  /** Electricity and bills can be sent again under their own key; never for an unverified card payment. */
  canRetry: boolean;
  canCheckPayment: boolean;
  canRecheckFines: boolean;
  /** A VAS sale's mobile number ("27821234567", or null for none), to match the core service's receipts. */
  vasRecipient?: string | null;
}

/**
 * What puts a sale on the unresolved page (its card order joined): not confirmed, or paid by card
 * and then failed, with the money not yet given back.
 */
export const needsSupervisorSql = or(
  eq(sales.status, "unknown"),
  and(eq(cardOrders.needsRefund, true), isNull(sales.resolvedAt)),
);

export async function listUnresolved(): Promise<UnresolvedSale[]> {
  const database = await db();
  const rows = await salesWithNames(database, { sale: sales, order: cardOrders })
    .leftJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(needsSupervisorSql)
    .orderBy(desc(sales.createdAt))
    .limit(500);
  return rows.map(({ sale, cashier, tillName, order }) => {
    const unknown = sale.status === "unknown";
    // An unverified card payment was never sent: sending it now could sell without payment.
    const unverifiedCard = sale.error?.kind === "card_unverified";
    return {
      saleId: sale.id,
      why: unknown ? "unknown" : "refund",
      kind: sale.kind,
      method: sale.method,
      status: sale.status,
      amountCents: sale.amountCents,
      reference: sale.reference,
      cashier,
      tillName,
      createdAt: sale.createdAt,
      message: sale.error?.message ?? null,
      orderStatus: order?.status ?? null,
      canRetry: unknown && !unverifiedCard && IDEMPOTENT_KINDS.includes(sale.kind),
      canCheckPayment: sale.method === "card",
      canRecheckFines: unknown && kindOf(sale.kind).unknownStep === "recheck_registry",
      ...(sale.kind === "vas" ? { vasRecipient: vasRecipientOf(sale.request) } : {}),
    };
  });
}
