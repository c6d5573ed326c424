"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import {
  CARD_POLL_INTERVAL_MS,
  KIOSK_RECEIPT_PATH,
  KIOSK_RETURN_CHECKS,
} from "@/lib/sales/card-outcome";
import { finishKioskCardPaymentAction } from "./actions";
import { holdReceiptTicket } from "../receipt-ticket";

/** After this long on a "not paid" message the kiosk goes back to its start screen by itself. */
const IDLE_BACK_MS = 60_000;

type Shown = { kind: "checking" } | { kind: "message"; title: string; text: string };

/** Verifies the payment (a few checks while PENDING), then the receipt, or a plain message. */
export function KioskPaymentReturn({ saleId }: { saleId: string }) {
  const router = useRouter();
  const [shown, setShown] = useState<Shown>({ kind: "checking" });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (n: number) => {
      const result = await finishKioskCardPaymentAction({
        saleId,
        final: n >= KIOSK_RETURN_CHECKS,
      });
      if (stopped) return;
      if (!result.ok)
        return setShown({
          kind: "message",
          title: "Something went wrong",
          text: `${result.error} Please ask staff for help.`,
        });
      const view = result.data;
      if (view.state === "waiting" || view.state === "sending") {
        timer = setTimeout(() => void check(n + 1), CARD_POLL_INTERVAL_MS);
      } else if (
        view.state === "settled" &&
        view.sale.status === "completed" &&
        view.receiptTicket
      ) {
        holdReceiptTicket(saleId, view.receiptTicket);
        router.replace(KIOSK_RECEIPT_PATH(saleId));
      } else if (view.state === "settled" && view.sale.status === "completed") {
        // Paid and shown already (Back, or the checkout's "Return to the shop" a second time):
        // the receipt belonged to that moment and is not shown again.
        setShown({
          kind: "message",
          title: "This payment is finished",
          text: "Start again to look up your fines.",
        });
      } else if (view.state === "settled") {
        setShown({
          kind: "message",
          title: "Your payment was received",
          text: `${view.sale.message ?? "But your fines could not be cleared."} Please ask staff for help.`,
        });
      } else {
        setShown({
          kind: "message",
          title: view.state === "not_paid" ? "Not paid" : "Payment not confirmed",
          text: view.reason,
        });
      }
    };
    void check(1);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [saleId, router]);

  useEffect(() => {
    if (shown.kind !== "message") return;
    const timer = setTimeout(() => router.replace("/kiosk"), IDLE_BACK_MS);
    return () => clearTimeout(timer);
  }, [shown, router]);

  if (shown.kind === "checking") {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 pt-16 text-center">
        <h1 className="text-4xl font-bold">Checking your payment…</h1>
        <p role="status" aria-live="polite" className="text-2xl text-slate-200">
          Please wait a moment.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 pt-16 text-center">
      <h1 className="text-4xl font-bold">{shown.title}</h1>
      <p
        role="status"
        aria-live="polite"
        data-testid="kiosk-payment-message"
        className="text-2xl text-slate-200"
      >
        {shown.text}
      </p>
      <Link
        href="/kiosk"
        className="rounded-xl bg-white px-10 py-6 text-3xl font-semibold text-slate-900"
      >
        Back to the start
      </Link>
    </div>
  );
}
