import { NextResponse } from "next/server";
import { routeStaff } from "@/lib/auth/route";
import { isUpstreamError } from "@/lib/upstream";
import { toCatalogueItem } from "@/lib/kinds/vas/catalogue";
import { loadCatalogue } from "@/lib/kinds/vas/catalogue-cache";

/** The VAS catalogue as the till lists it; the till polls it (react-query) so new products and prices show up. */
export async function GET() {
  const staff = await routeStaff("cashier");
  if (staff instanceof NextResponse) return staff;
  try {
    const catalogue = await loadCatalogue();
    return NextResponse.json(
      {
        items: catalogue.products.map(toCatalogueItem),
        fetchedAt: catalogue.fetchedAt,
        stale: catalogue.stale,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (isUpstreamError(error))
      return NextResponse.json({ error: error.cashierMessage }, { status: 502 });
    throw error;
  }
}
