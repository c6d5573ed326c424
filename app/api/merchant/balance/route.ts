import { NextResponse } from "next/server";
import { AccessDenied, requireRole } from "@/lib/auth/staff";
import { balanceNow } from "@/lib/office/balance-now";

/** The till polls the merchant balance here (react-query), so the low-balance warning follows top-ups and sales. */
export async function GET() {
  try {
    await requireRole("cashier", "supervisor");
  } catch (error) {
    if (error instanceof AccessDenied)
      return NextResponse.json({ error: error.message }, { status: 401 });
    throw error;
  }
  return NextResponse.json(await balanceNow(), { headers: { "Cache-Control": "no-store" } });
}
