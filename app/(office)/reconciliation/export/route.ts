import { AccessDenied, requireRole } from "@/lib/auth/staff";
import { loadReconciliation, reconciliationCsv } from "@/lib/office/reconciliation";
import { isUpstreamError } from "@/lib/upstream";

/** The reconciliation as CSV. A route handler checks the role itself: the office layout does not run here. */
export async function GET() {
  try {
    await requireRole("supervisor");
  } catch (error) {
    if (error instanceof AccessDenied) return new Response(error.message, { status: 403 });
    throw error;
  }
  try {
    const r = await loadReconciliation();
    return new Response(reconciliationCsv(r), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="reconciliation-${r.businessDate}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (isUpstreamError(error)) return new Response(error.cashierMessage, { status: 502 });
    throw error;
  }
}
