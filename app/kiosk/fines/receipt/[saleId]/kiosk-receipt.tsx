"use client";

import { useEffect, useRef, useState } from "react";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { formatRand } from "@/lib/money";
import { saDateTime } from "@/lib/sa-time";
import { takeReceiptTicket } from "../../../receipt-ticket";
import { openKioskReceiptAction, type KioskReceiptData } from "./actions";
import { ReceiptActions } from "./receipt-actions";

type Shown = { kind: "opening" } | { kind: "gone" } | { kind: "receipt"; data: KioskReceiptData };

/**
 * The receipt of the customer who just paid: opened with the one-time link held in this
 * page's memory. Without it (Back after Done, a reload, the next customer) nothing is shown.
 */
export function KioskReceipt({
  saleId,
  autoPrint,
  text,
  idle,
}: {
  saleId: string;
  autoPrint: boolean;
  text: KioskText["receipt"];
  idle: KioskText["idle"];
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
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <div role="alert" className="flex flex-col gap-4 pt-10 text-center">
          <h1 className="text-5xl font-bold">{text.goneTitle}</h1>
          <p className="text-3xl">{text.startAgain}</p>
        </div>
        <ReceiptActions printable={false} text={text} idle={idle} />
      </div>
    );
  }
  const { slip, settledAt } = shown.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 print:text-base print:text-black">
      <h1 className="text-5xl font-bold">{text.paidTitle}</h1>
      <ul className="flex flex-col gap-4">
        {slip.fines.map((f) => (
          <li
            key={f.noticeNumber}
            data-notice={f.noticeNumber}
            className="rounded-2xl bg-slate-700 p-5 print:bg-white print:p-0"
          >
            <div className="flex justify-between text-2xl font-semibold">
              <span>
                {text.notice} <span className="font-mono">{f.noticeNumber}</span>
              </span>
              <span>{formatRand(f.grossCents)}</span>
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
      <p className="text-right text-4xl">
        {text.total}{" "}
        <strong data-testid="kiosk-receipt-total">{formatRand(slip.grossCents)}</strong>
      </p>
      <p className="text-xl text-slate-300 print:text-black">
        {text.order} {slip.orderId} · {saDateTime(settledAt)}
      </p>
      <ReceiptActions printable={autoPrint} text={text} idle={idle} />
    </div>
  );
}
