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

export const metadata: Metadata = { title: "Z report" };

/** The Z report of the cashier's own shift closed at this till, as stored at close; ?reprint=1 prints REPRINT. */
export default async function ZReportPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ reprint?: string }> }) {
  const staff = await requirePageRole("cashier");
  const { id } = await params;
  const reprint = (await searchParams).reprint === "1";
  const view = /^[0-9a-f-]{36}$/.test(id) ? await findShift(id) : undefined;
  // Only the cashier whose shift it was (lib/security/ownership.ts); supervisors read it in the office.
  const z = view && mayUseShift(staff, view.shift) ? storedZReport(view.shift) : null;
  if (!z) notFound();
  if (reprint) await audit(actorOf(staff), "z_reprinted", view!.shift.id, { zNumber: z.zNumber });
  return (
    <div className="flex flex-col gap-4">
      <ZReportView z={z} reprint={reprint} />
      <div className="no-print flex gap-3">
        <PrintButton />
        <Link href={`/shift/z/${id}?reprint=1`} className="rounded-lg border border-slate-400 px-4 py-2">Reprint</Link>
        <Link href="/till" className="rounded-lg border border-slate-400 px-4 py-2">Back to the till</Link>
      </div>
    </div>
  );
}
