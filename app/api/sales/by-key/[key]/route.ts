import { NextResponse } from "next/server";
import { routeStaff } from "@/lib/auth/route";
import { findSaleByKey } from "@/lib/sales/journal";
import { saleViewOf } from "@/lib/sales/counter-sale";

/**
 * The journal asked by key, for the till's sale hook after a lost or slow answer. A route
 * handler and not a server action: the browser runs server actions one at a time, so a
 * question asked while a purchase hangs would wait behind that very purchase.
 * Only the cashier's own sale is answered; any other key reads as "no sale".
 */
export async function GET(_request: Request, { params }: { params: Promise<{ key: string }> }) {
  const staff = await routeStaff("cashier");
  if (staff instanceof NextResponse) return staff;
  const { key } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(key)) return NextResponse.json({ sale: null });
  const sale = await findSaleByKey(key);
  const own = sale && sale.userId === staff.userId ? saleViewOf(sale) : null;
  return NextResponse.json({ sale: own }, { headers: { "Cache-Control": "no-store" } });
}
