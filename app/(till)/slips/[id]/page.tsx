import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { findSaleForSlip } from "@/lib/sales/journal";
import { env } from "@/lib/env";
import { kindOf } from "@/lib/kinds";
import { slipModelOf } from "@/lib/kinds/slips";
import { slipAccess } from "@/lib/security/ownership";
import { cashierNameOf } from "@/lib/sales/history";
import { ReprintMark, SlipFrame } from "@/components/slip/slip-frame";
import { SlipBody } from "@/components/slip/slip-body";
import { SlipControls } from "@/components/slip/slip-controls";
import { handCopyOf } from "@/lib/printing/hand-copy";
import { doneMessageFor } from "@/components/customer-display/done-message";
import { SendButton } from "@/components/care/send-button";
import { sendMessageFor } from "@/lib/care/message";

export const metadata: Metadata = { title: "Slip" };

/**
 * The print page of a completed sale. Each kind of sale has its own slip model
 * (lib/kinds/slips.ts); this page draws it and adds what every slip shares: the paper width
 * of the till, REPRINT marks (`?reprint=1`, audited), the one automatic print after a
 * fresh sale (`?fresh=1`, when the till prints automatically; `?print=1` asks for it),
 * and New sale on Enter.
 */
export default async function SlipPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ reprint?: string; fresh?: string; print?: string }>;
}) {
  const staff = await requirePageRole("cashier");
  const { id } = await params;
  const query = await searchParams;
  // Shown to its own cashier, the slip is marked seen in the same statement: the till stops
  // offering "Last sale went through: show slip".
  const sale = /^[0-9a-f-]{36}$/.test(id) ? await findSaleForSlip(id, staff.userId) : undefined;
  if (!sale) notFound();
  // A cashier sees their own sales and reprints a colleague's at this till, on screen and on the
  // till's printer alike (slipAccess, lib/security/ownership.ts); supervisors use /sales/<id>.
  const access = slipAccess(staff, sale);
  if (!access) {
    await audit(actorOf(staff), "access_refused", `/slips/${sale.id}`, {
      reason: "not_owner",
      had: staff.role,
    });
    notFound();
  }
  if (sale.status !== "completed") notFound();
  // A colleague's slip is only ever a reprint, naming who sold it; its voucher PIN stays hidden.
  const { colleague } = access;
  const reprint = query.reprint === "1" || colleague;
  const soldBy = colleague ? await cashierNameOf(sale.userId) : null;
  if (reprint)
    await audit(actorOf(staff), "slip_reprinted", sale.id, {
      kind: sale.kind,
      reference: sale.reference,
      ...(colleague ? { soldBy, colleague: true } : {}),
    });
  const printNow = query.print === "1" || (query.fresh === "1" && !reprint && staff.till.autoPrint);
  return (
    <div className="flex flex-col items-start gap-4">
      {/* For screen readers only, and outside #slip so it is never printed. */}
      <h1 className="sr-only">Slip</h1>
      {/* The display facing the customer shows the tokens of a sale just made, never of a reprint. */}
      <SlipControls
        displayMessage={query.fresh === "1" && !reprint ? doneMessageFor(sale) : null}
        printNow={printNow}
        newSaleHref={kindOf(sale.kind).newSalePath}
        settledUrl={`/slips/${sale.id}${reprint ? "?reprint=1" : ""}`}
        printer={{
          connection: staff.till.printerConnection,
          saleId: sale.id,
          reprint,
          handCopy: handCopyOf(slipModelOf(sale, env(), { hidePin: colleague })),
        }}
      />
      {sendMessageFor(sale, "") && (
        <div className="no-print">
          <SendButton saleId={sale.id} />
        </div>
      )}
      <SlipFrame paperWidthMm={staff.till.paperWidthMm}>
        {reprint && <ReprintMark />}
        {soldBy && (
          <p className="text-center" data-testid="slip-sold-by">
            Sold by {soldBy}
          </p>
        )}
        <SlipBody sale={sale} hidePin={colleague} />
        {reprint && <ReprintMark />}
      </SlipFrame>
    </div>
  );
}
