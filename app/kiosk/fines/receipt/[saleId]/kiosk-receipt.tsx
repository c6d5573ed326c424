"use client";

import { useEffect, useRef, useState } from "react";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { Money } from "@/components/ui/money";
import { saDateTime } from "@/lib/sa-time";
import { takeReceiptTicket } from "../../../receipt-ticket";
import { openKioskReceiptAction, type KioskReceiptData } from "./actions";
import { ReceiptActions } from "./receipt-actions";

type Shown = { kind: "opening" } | { kind: "gone" } | { kind: "receipt"; data: KioskReceiptData };

/**
 * The receipt of the customer who just paid: opened with the one-time link held in this
 * page's memory. Without it (Back after Done, a reload, the next customer) nothing is shown.
 *
 * It reads the same facts as the counter's fines slip (`finesSlipData`, from which
 * lib/kinds/fines/slip-model.ts builds that slip's blocks) but is not drawn from those blocks:
 * it speaks the customer's language (English, Afrikaans, isiZulu) where the slip model is the
 * till's English slip, it is sized for a touch screen, and it says only what the customer
 * needs (each notice's registry receipt, the total, the order, the check code), without the
 * merchant's header, fees or "Paid by" of the till's slip.
 */
export function KioskReceipt({
  saleId,
  autoPrint,
  text,
  idle,
  idleMs,
}: {
  saleId: string;
  autoPrint: boolean;
  text: KioskText["receipt"];
  idle: KioskText["idle"];
  idleMs: number;
}) {
  const [shown, setShown] = useState<Shown>({ kind: "opening" });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = takeReceiptTicket(saleId);
    // No link in memory: ask with an empty one, which the server refuses like a used link.
    void openKioskReceiptAction({ saleId, ticket: ticket ?? "" }).then((r) =>
      setShown(r.ok && r.data ? { kind: "receipt", data: r.data } : { kind: "gone" }),
    );
  }, [saleId]);

  if (shown.kind === "opening")
    return (
      <p role="status" className="pt-10 text-center text-3xl">
        {text.opening}
      </p>
    );
  if (shown.kind === "gone") {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div role="alert" className="flex flex-col gap-4 pt-10 text-center">
          <h1 className="text-5xl font-bold">{text.goneTitle}</h1>
          <p className="text-3xl">{text.startAgain}</p>
        </div>
        <ReceiptActions printable={false} text={text} idle={idle} idleMs={idleMs} />
      </div>
    );
  }
  const { slip, settledAt, check } = shown.data;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 print:text-base print:text-black">
      <h1 className="text-5xl font-bold">{text.paidTitle}</h1>
      <ul className="flex flex-col gap-4">
        {slip.fines.map((f) => (
          <li
            key={f.noticeNumber}
            data-notice={f.noticeNumber}
            className="rounded-2xl bg-slate-700 p-5 print:bg-white print:p-0"
          >
            {/* The amount keeps its distance from the notice number; on a phone it wraps under it. */}
            <div className="flex flex-wrap justify-between gap-x-6 gap-y-1 text-2xl font-semibold">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {text.notice} <span className="font-mono">{f.noticeNumber}</span>
              </span>
              <Money cents={f.grossCents} className="ml-auto" data-testid="fine-amount" />
            </div>
            {f.charge && <div className="text-xl">{f.charge}</div>}
            <div className="text-xl">
              {text.registryReceipt}{" "}
              <strong className="font-mono" data-testid="fine-receipt">
                {f.receiptNumber ?? text.notGiven}
              </strong>{" "}
              · {text.invoice} <span className="font-mono">{f.invoiceNumber ?? text.notGiven}</span>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-right text-3xl sm:text-4xl">
        {text.total}{" "}
        <strong>
          <Money cents={slip.grossCents} data-testid="kiosk-receipt-total" />
        </strong>
      </p>
      <p className="text-xl text-slate-300 print:text-black">
        {text.order} {slip.orderId} · {saDateTime(settledAt)}
      </p>
      {/* Stacked on a phone: the code and the check address wrap within the screen. */}
      <div className="flex flex-col items-start gap-4 text-xl sm:flex-row sm:items-center print:text-black">
        {check.qrSvg && (
          <div
            role="img"
            aria-label={text.checkReceipt}
            className="w-32 shrink-0 bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
            // SVG drawn by the server (qrcode), from the receipt's own check link.
            dangerouslySetInnerHTML={{ __html: check.qrSvg }}
          />
        )}
        <p className="min-w-0 [overflow-wrap:anywhere]">
          {text.checkReceipt} {check.verifyAt}:{" "}
          <strong className="font-mono" data-testid="slip-code" data-href={check.url}>
            {check.code}
          </strong>
        </p>
      </div>
      <ReceiptActions printable={autoPrint} text={text} idle={idle} idleMs={idleMs} />
    </div>
  );
}
