import { NextResponse } from "next/server";
import { routeStaff } from "@/lib/auth/route";
import { saleViewOf } from "@/lib/sales/counter-sale";
import { unseenSalesOf } from "@/lib/sales/journal";

/** How far back the till looks for sales the cashier has not seen: a long shift. */
const LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * The journal's list behind "Last sale went through" and "Not confirmed" on every till page:
 * this cashier's completed sales whose slip they have not seen and their unresolved unknown
 * ones. A route handler like the key look-up, so the banner never waits behind a purchase.
 */
export async function GET() {
  const staff = await routeStaff("cashier");
  if (staff instanceof NextResponse) return staff;
  const rows = await unseenSalesOf(staff.userId, new Date(Date.now() - LOOKBACK_MS));
  return NextResponse.json(
    { sales: rows.map(saleViewOf) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
