import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { findShift, shiftReportNow, storedZReport } from "@/lib/shifts/report";
import { ZReportView } from "@/components/reports/z-report-view";
import { ShiftReportView } from "@/components/reports/shift-report-view";
import { PrintButton } from "@/components/reports/print-button";
import { ForceCloseForm } from "./force-close-form";
import { LayoutSwitch, reportLayoutOf } from "@/components/reports/layout-switch";

export const metadata: Metadata = { title: "Shift report" };
export const dynamic = "force-dynamic";

/** A closed shift's Z report as stored at close (reprintable), or an open shift's X report. */
export default async function ShiftReportPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ reprint?: string; layout?: string }>;
}) {
  const staff = await requirePageRole("supervisor");
  const { id } = await params;
  const query = await searchParams;
  const reprint = query.reprint === "1";
  const layout = reportLayoutOf(query.layout);
  const view = /^[0-9a-f-]{36}$/.test(id) ? await findShift(id) : undefined;
  if (!view) notFound();
  const z = storedZReport(view.shift);
  if (z && reprint)
    await audit(actorOf(staff), "z_reprinted", view.shift.id, { zNumber: z.zNumber });
  return (
    <div className="flex flex-col gap-4">
      {z ? (
        <ZReportView
          z={z}
          reprint={reprint}
          roll={layout === "roll" ? { paperWidthMm: 80 } : undefined}
        />
      ) : (
        <ShiftReportView
          report={await shiftReportNow(view.shift)}
          meta={{
            title: `X report (${view.tillName}, shift open)`,
            tillName: view.tillName,
            openedBy: view.openedBy,
            openedAt: view.shift.openedAt,
          }}
        />
      )}
      <div className="no-print flex flex-wrap gap-3">
        <PrintButton />
        {z && (
          <LayoutSwitch
            basePath={`/shifts/${id}`}
            layout={layout}
            extra={reprint ? "reprint=1" : ""}
          />
        )}
        {z && (
          <Link
            href={`/shifts/${id}?reprint=1`}
            className="rounded-lg border border-slate-400 px-4 py-2"
          >
            Reprint
          </Link>
        )}
        <Link href="/shifts" className="rounded-lg border border-slate-400 px-4 py-2">
          All shifts
        </Link>
      </div>
      {!z && <ForceCloseForm shiftId={view.shift.id} cashier={view.openedBy} />}
    </div>
  );
}
