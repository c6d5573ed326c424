import { NextResponse } from "next/server";
import { routeStaff } from "@/lib/auth/route";
import { cardFollowUpsOf, paidNotDelivered, waitingCardSales } from "@/lib/sales/card";
import { saleViewOf } from "@/lib/sales/counter-sale";
import { unseenSalesOf } from "@/lib/sales/journal";
import type { TillSalesAnswer } from "@/lib/sales/sale-view";

/** How far back the till looks for sales the cashier has not seen: a long shift. */
const LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * What the journal tells the till's status area on every till page (components/till/notices.ts):
 * this cashier's completed sales whose slip they have not seen, their unresolved unknown ones,
 * their card sales paid after the till stopped waiting and those still waiting at this till;
 * and `card`, the card payments this till cancelled that the customer's phone may still pay or
 * has paid since (the notice "Paid after you cancelled"). A route handler like the key look-up,
 * so the till never waits behind a purchase for it.
 */
export async function GET() {
  const staff = await routeStaff("cashier");
  if (staff instanceof NextResponse) return staff;
  const [rows, paid, waiting, card] = await Promise.all([
    unseenSalesOf(staff.userId, new Date(Date.now() - LOOKBACK_MS)),
    paidNotDelivered(staff.userId),
    waitingCardSales(staff.userId, staff.till.id),
    cardFollowUpsOf(staff.userId, staff.till.id),
  ]);
  const answer: TillSalesAnswer = {
    sales: rows.map(saleViewOf),
    paidNotDelivered: paid.map(({ sale, order }) => ({
      sale: saleViewOf(sale),
      orderId: order.upstreamOrderId ?? sale.id,
    })),
    cardWaiting: waiting.map(saleViewOf),
    card,
  };
  return NextResponse.json(answer, { headers: { "Cache-Control": "no-store" } });
}
