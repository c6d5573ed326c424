import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { finesSlipData } from "@/lib/fines/slip-data";
import { formatRand } from "@/lib/money";
import { findSale } from "@/lib/sales/journal";
import { saDateTime } from "@/lib/sa-time";
import { ReceiptActions } from "./receipt-actions";

export const metadata: Metadata = { title: "Your receipt" };

/** A receipt is for the customer standing at the kiosk now, not for the next one. */
const SHOWN_FOR_MS = 15 * 60_000;

function tooOld(at: Date): boolean {
  return Date.now() - at.getTime() > SHOWN_FOR_MS;
}

/** Where the kiosk's card payment ends: the registry's receipt numbers for each fine paid. */
export default async function KioskReceipt({ params }: { params: Promise<{ saleId: string }> }) {
  const staff = await requirePageRole("kiosk");
  const { saleId } = await params;
  const sale = /^[0-9a-f-]{36}$/.test(saleId) ? await findSale(saleId) : undefined;
  if (!sale || sale.kind !== "fines" || sale.tillId !== staff.till.id) notFound();
  const stale = tooOld(sale.settledAt ?? sale.updatedAt);
  const data = sale.status === "completed" && !stale ? finesSlipData(sale.request, sale.result) : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 print:text-base print:text-black">
      {data ? (
        <>
          <h1 className="text-5xl font-bold">Your fines are paid</h1>
          <ul className="flex flex-col gap-4">
            {data.fines.map((f) => (
              <li key={f.noticeNumber} data-notice={f.noticeNumber} className="rounded-2xl bg-slate-700 p-5 print:bg-white print:p-0">
                <div className="flex justify-between text-2xl font-semibold">
                  <span>
                    Notice <span className="font-mono">{f.noticeNumber}</span>
                  </span>
                  <span>{formatRand(f.grossCents)}</span>
                </div>
                {f.charge && <div className="text-xl">{f.charge}</div>}
                <div className="text-xl">
                  Registry receipt <strong className="font-mono" data-testid="fine-receipt">{f.receiptNumber ?? "not given"}</strong> · invoice{" "}
                  <span className="font-mono">{f.invoiceNumber ?? "not given"}</span>
                </div>
              </li>
            ))}
          </ul>
          <p className="text-right text-4xl">
            Total paid by card <strong data-testid="kiosk-receipt-total">{formatRand(data.grossCents)}</strong>
          </p>
          <p className="text-xl text-slate-300 print:text-black">
            Registry order {data.orderId} · {saDateTime(sale.settledAt ?? sale.createdAt)}
          </p>
        </>
      ) : (
        <div role="alert" className="flex flex-col gap-4 pt-10 text-center">
          <h1 className="text-5xl font-bold">{stale ? "This receipt is no longer shown" : sale.status === "completed" ? "Your fines are paid" : "Your fines are not paid yet"}</h1>
          <p className="text-3xl">{stale ? "Start again to look up your fines." : (sale.error?.message ?? "Your payment is still being checked.")}</p>
          {!stale && sale.status !== "completed" && <p className="text-2xl">Please do not pay again: ask a staff member for help.</p>}
        </div>
      )}
      <ReceiptActions printable={Boolean(data) && staff.till.autoPrint} />
    </div>
  );
}
