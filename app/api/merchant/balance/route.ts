import { NextResponse } from "next/server";
import { routeStaff } from "@/lib/auth/route";
import { balanceNow } from "@/lib/office/balance-now";

/** The till polls the merchant balance here (react-query), so the low-balance warning follows top-ups and sales. */
export async function GET() {
  const staff = await routeStaff("cashier", "supervisor");
  if (staff instanceof NextResponse) return staff;
  return NextResponse.json(await balanceNow(), { headers: { "Cache-Control": "no-store" } });
}
