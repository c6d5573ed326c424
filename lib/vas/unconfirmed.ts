import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales } from "@/lib/db/schema";
import { vasKind } from "@/lib/sales/kinds/vas";

export interface UnconfirmedVasSale {
  id: string;
  productName: string;
  mobileNumber: string | null;
  totalCents: number;
  createdAt: string;
  message: string;
}

/**
 * This shift's VAS sales whose outcome is not known. They stay on the VAS screen so that
 * the cashier does not sell the same thing again while a supervisor resolves them.
 */
export async function unconfirmedVasSales(shiftId: string): Promise<UnconfirmedVasSale[]> {
  const database = await db();
  const rows = await database
    .select()
    .from(sales)
    .where(
      and(eq(sales.kind, vasKind.kind), eq(sales.shiftId, shiftId), eq(sales.status, "unknown")),
    )
    .orderBy(desc(sales.createdAt))
    .limit(20);
  return rows.flatMap((row) => {
    const request = vasKind.request.safeParse(row.request);
    if (!request.success || row.resolvedAt) return [];
    return [
      {
        id: row.id,
        productName: request.data.productName,
        mobileNumber: request.data.recipient,
        totalCents: row.amountCents,
        createdAt: row.createdAt.toISOString(),
        message: row.error?.message ?? "The core service did not confirm this sale.",
      },
    ];
  });
}
