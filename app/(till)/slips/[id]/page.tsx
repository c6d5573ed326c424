import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import type { Sale, SaleKind } from "@/lib/db/schema";
import { findSaleForSlip } from "@/lib/sales/journal";
import { kindOf } from "@/lib/sales/kinds";
import { mayUseSale } from "@/lib/security/ownership";
import { FinesSlipBody } from "@/components/slip/fines-slip";
import { ElectricitySlip } from "@/components/slip/electricity-slip";
import { BillSlip } from "@/components/slip/bill-slip";
import { VasSlip } from "@/components/slip/vas-slip";
import { MerchantLines } from "@/components/slip/slip-header";
import { ReprintMark, SlipFrame } from "@/components/slip/slip-frame";
import { SlipControls } from "@/components/slip/slip-controls";
import { ShowOnCustomerDisplay } from "@/components/customer-display/show-on-display";
import { doneMessageFor } from "@/components/customer-display/done-message";

export const metadata: Metadata = { title: "Slip" };

/** Kinds whose slip prints its own header (merchant, VAT number, title, receipt number, date). */
const OWN_HEADER: readonly SaleKind[] = ["electricity", "bill"];

/** Each kind's slip body (a new kind makes the compiler ask for one). */
const SLIP_BODY: Record<SaleKind, (props: { sale: Sale }) => React.ReactNode> = {
  electricity: ElectricitySlip,
  bill: BillSlip,
  fines: FinesSlipBody,
  vas: VasSlip,
};

/**
 * The print page of a completed sale. Each kind of sale has its own slip component in
 * components/slip/; this page picks it and adds what every slip shares: the paper width
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
  // A cashier sees and reprints only their own sales; supervisors use /sales/<id> in the office.
  if (!mayUseSale(staff, sale)) {
    await audit(actorOf(staff), "access_refused", `/slips/${sale.id}`, {
      reason: "not_owner",
      had: staff.role,
    });
    notFound();
  }
  if (sale.status !== "completed") notFound();
  const Body = SLIP_BODY[sale.kind];
  const reprint = query.reprint === "1";
  if (reprint)
    await audit(actorOf(staff), "slip_reprinted", sale.id, {
      kind: sale.kind,
      reference: sale.reference,
    });
  const printNow = query.print === "1" || (query.fresh === "1" && !reprint && staff.till.autoPrint);
  return (
    <div className="flex flex-col items-start gap-4">
      {/* For screen readers only, and outside #slip so it is never printed. */}
      <h1 className="sr-only">Slip</h1>
      {/* The display facing the customer shows the tokens of a sale just made, never of a reprint. */}
      {query.fresh === "1" && !reprint && <ShowOnCustomerDisplay message={doneMessageFor(sale)} />}
      <SlipControls
        printNow={printNow}
        newSaleHref={kindOf(sale.kind).newSalePath}
        settledUrl={`/slips/${sale.id}${reprint ? "?reprint=1" : ""}`}
      />
      <SlipFrame paperWidthMm={staff.till.paperWidthMm}>
        {reprint && <ReprintMark />}
        {!OWN_HEADER.includes(sale.kind) && <MerchantLines />}
        <Body sale={sale} />
        {reprint && <ReprintMark />}
      </SlipFrame>
    </div>
  );
}
