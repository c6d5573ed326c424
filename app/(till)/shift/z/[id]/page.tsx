import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { findShift, storedZReport } from "@/lib/shifts/report";
import { mayUseShift } from "@/lib/security/ownership";
import { ZReportView } from "@/components/reports/z-report-view";
import { PrintButton } from "@/components/reports/print-button";
import { TillPrint } from "@/components/printing/till-print";
import { LayoutSwitch, reportLayoutOf } from "@/components/reports/layout-switch";

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
      {/* Kept in view at the foot of the screen however long the report is. */}
      <div className="no-print sticky bottom-0 flex flex-wrap gap-3 bg-slate-50 py-2">
        {staff.till.printerConnection === "browser" ? (
          <PrintButton />
        ) : (
          <TillPrint
            connection={staff.till.printerConnection}
            target={{ shiftId: id }}
            reprint={reprint}
            printNow={false}
            handCopy={null}
          />
        )}
        <LayoutSwitch
          basePath={`/shift/z/${id}`}
          layout={layout}
          extra={reprint ? "reprint=1" : ""}
        />
        <Link
          href={`/shift/z/${id}?reprint=1${layout === "roll" ? "&layout=roll" : ""}`}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
        >
          Reprint
        </Link>
        <Link
          href="/till"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
        >
          Back to the till
        </Link>
      </div>
    </div>
  );
}
