import { AccessDenied, requireRole } from "@/lib/auth/staff";
import { loadReconciliation, reconciliationCsv } from "@/lib/office/reconciliation";
import { isUpstreamError } from "@/lib/upstream";
import { ledgerOfDay, saYesterday } from "@/lib/office/ledger-store";
import { isSaDay } from "@/lib/reports/day";
import { reconciliationDaySchema } from "../schema";

/** The reconciliation as CSV. A route handler checks the role itself: the office layout does not run here. */
export async function GET(request: Request) {
  try {
    await requireRole("supervisor");
  } catch (error) {
    if (error instanceof AccessDenied) return new Response(error.message, { status: 403 });
    throw error;
  }
  try {
    const asked = reconciliationDaySchema.parse({
      day: new URL(request.url).searchParams.get("day") ?? undefined,
    }).day;
    const day = asked && isSaDay(asked) ? asked : saYesterday();
    const found = await ledgerOfDay(day);
    if (!found) return new Response(`No ledger was kept for ${day}.`, { status: 404 });
    const r = await loadReconciliation(found.ledger);
    return new Response(reconciliationCsv(r), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        // The day asked (a checked YYYY-MM-DD), never a value from the core service's answer.
        "content-disposition": `attachment; filename="reconciliation-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (isUpstreamError(error)) return new Response(error.cashierMessage, { status: 502 });
    throw error;
  }
}
