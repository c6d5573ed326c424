import { csvFile, refuseUnlessSupervisor } from "@/lib/office/csv-export";
import { loadReconciliation, reconciliationCsv } from "@/lib/office/reconciliation";
import { isUpstreamError } from "@/lib/upstream";
import { ledgerOfDay, saYesterday } from "@/lib/office/ledger-store";
import { isSaDay } from "@/lib/reports/day";
import { reconciliationDaySchema } from "../schema";

/** The reconciliation as CSV. A route handler checks the role itself: the office layout does not run here. */
export async function GET(request: Request) {
  const refused = await refuseUnlessSupervisor();
  if (refused) return refused;
  try {
    const asked = reconciliationDaySchema.parse({
      day: new URL(request.url).searchParams.get("day") ?? undefined,
    }).day;
    const day = asked && isSaDay(asked) ? asked : saYesterday();
    const found = await ledgerOfDay(day);
    if (!found) return new Response(`No ledger was kept for ${day}.`, { status: 404 });
    const r = await loadReconciliation(found.ledger);
    // The day asked (a checked YYYY-MM-DD), never a value from the core service's answer.
    return csvFile(reconciliationCsv(r), `reconciliation-${day}.csv`);
  } catch (error) {
    if (isUpstreamError(error)) return new Response(error.cashierMessage, { status: 502 });
    throw error;
  }
}
