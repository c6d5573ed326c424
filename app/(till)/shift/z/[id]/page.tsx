import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { findShift, storedZReport } from "@/lib/shifts/report";
import { mayUseShift } from "@/lib/security/ownership";
import { ZReportView } from "@/components/reports/z-report-view";
import { reportLayoutOf } from "@/components/reports/layout-switch";
import { ReportActions, ReportLink } from "@/components/reports/report-actions";

export const metadata: Metadata = { title: "Z report" };

/** The Z report of a shift closed at this till, as stored at close; ?reprint=1 prints REPRINT. */
export default async function ZReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ reprint?: string; layout?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const { id } = await params;
  const query = await searchParams;
  const reprint = query.reprint === "1";
  const layout = reportLayoutOf(query.layout);
  const view = /^[0-9a-f-]{36}$/.test(id) ? await findShift(id) : undefined;
  // Only the cashier whose shift it was (lib/security/ownership.ts); supervisors read it in the office.
  const z = view && mayUseShift(staff, view.shift) ? storedZReport(view.shift) : null;
  if (!z) notFound();
  if (reprint) await audit(actorOf(staff), "z_reprinted", view!.shift.id, { zNumber: z.zNumber });
  return (
    <div className="flex flex-col gap-4">
      <ZReportView
        z={z}
        reprint={reprint}
        roll={layout === "roll" ? { paperWidthMm: staff.till.paperWidthMm } : undefined}
      />
      <ReportActions
        connection={staff.till.printerConnection}
        shiftId={id}
        reprint={reprint}
        layoutPath={`/shift/z/${id}`}
        layout={layout}
        layoutExtra={reprint ? "reprint=1" : ""}
      >
        <ReportLink href={`/shift/z/${id}?reprint=1${layout === "roll" ? "&layout=roll" : ""}`}>
          Reprint
        </ReportLink>
      </ReportActions>
    </div>
  );
}
