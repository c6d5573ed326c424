"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { formatRand } from "@/lib/money";
import { CARD_POLL_INTERVAL_MS } from "@/lib/sales/card-outcome";
import type { SettledSale } from "@/lib/sales/card-outcome";
import {
  cancelCardPaymentAction,
  pollCardPaymentAction,
  startCardPaymentAction,
  type CounterCardView,
} from "@/lib/actions/card-payment";
import { Countdown } from "./countdown";
import { PaymentQr } from "./payment-qr";

export type { SettledSale };

export interface CardPaymentProps {
  /** The recorded sale (pending, method card) that this payment is for. */
  saleId: string;
  amountCents: number;
  /** PAID and the sale went ahead (completed, failed or unknown after the upstream call). */
  onSettled(sale: SettledSale): void;
  /** Declined, cancelled or not paid in time: nothing was sold; the cashier may retry or take cash. */
  onNotPaid(reason: string): void;
}

type Waiting = Extract<CounterCardView, { state: "waiting" }>;

/**
 * The counter's card payment: a QR code and a short link of the hosted checkout for the
 * customer's own phone (no card number is ever typed on a till), a countdown, Cancel, and
 * polling of the verified payment status. The server sends the sale on PAID; this only shows it.
 */
export function CardPayment({ saleId, amountCents, onSettled, onNotPaid }: CardPaymentProps) {
  const [page, setPage] = useState<{ url: string; qrSvg: string } | null>(null);
  const [status, setStatus] = useState<
    "starting" | "waiting" | "opened" | "sending" | "cancelling" | "done"
  >("starting");
  const [deadline, setDeadline] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped by "Try again" when the order could not be opened (e.g. a double render still opening it).
  const [startTry, setStartTry] = useState(0);
  const finished = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const callbacks = useRef({ onSettled, onNotPaid });
  useEffect(() => {
    callbacks.current = { onSettled, onNotPaid };
  }, [onSettled, onNotPaid]);

  /** Apply one answer from the server; true while the payment is still open. */
  const apply = useCallback((view: CounterCardView): boolean => {
    if (finished.current) return false;
    switch (view.state) {
      case "waiting":
        if ("qrSvg" in view)
          setPage({ url: view.paymentPageUrl, qrSvg: (view as Waiting & { qrSvg: string }).qrSvg });
        if (view.remainingMs !== null) setDeadline(Date.now() + view.remainingMs);
        setStatus((s) =>
          s === "cancelling" ? s : view.paymentStatus === "PENDING" ? "opened" : "waiting",
        );
        return true;
      case "sending":
        setStatus("sending");
        return true;
      case "settled":
        finished.current = true;
        setStatus("done");
        setNote(
          view.sale.status === "completed"
            ? "Paid. The sale is complete."
            : (view.sale.message ?? "Paid, but the sale did not complete."),
        );
        callbacks.current.onSettled(view.sale);
        return false;
      case "not_paid":
      case "unverified":
        finished.current = true;
        setStatus("done");
        setNote(view.reason);
        callbacks.current.onNotPaid(view.reason);
        return false;
    }
  }, []);

  // Open the order once, then ask the server every few seconds until the payment is decided.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stopped || finished.current) return;
      const result = await pollCardPaymentAction({ saleId });
      if (stopped) return;
      if (!result.ok) setError(result.error);
      else setError(null);
      if (!result.ok || apply(result.data)) timer = setTimeout(poll, CARD_POLL_INTERVAL_MS);
    };
    void (async () => {
      const result = await startCardPaymentAction({ saleId });
      if (stopped) return;
      if (!result.ok) return setError(result.error);
      if (apply(result.data)) timer = setTimeout(poll, CARD_POLL_INTERVAL_MS);
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [saleId, apply, startTry]);

  useEffect(() => heading.current?.focus(), []);

  const cancel = useCallback(async () => {
    if (finished.current) return;
    setStatus("cancelling");
    const result = await cancelCardPaymentAction({ saleId });
    if (!result.ok) return setError(result.error);
    apply(result.data);
  }, [saleId, apply]);

  return (
    <section
      aria-labelledby="card-payment-heading"
      className="flex flex-col gap-4 rounded border border-slate-300 p-4"
      onKeyDown={(e) => {
        if (e.key === "Escape") void cancel();
      }}
    >
      <h2
        id="card-payment-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        Card payment of {formatRand(amountCents)}
      </h2>
      {status !== "done" && (
        <>
          <p>Ask the customer to scan the code with their phone and pay on the payment page.</p>
          {page ? (
            <PaymentQr url={page.url} qrSvg={page.qrSvg} />
          ) : (
            <p>Opening the payment page…</p>
          )}
          <p role="status" aria-live="polite" data-testid="card-payment-status">
            {STATUS_TEXT[status]}
          </p>
          {deadline !== null && <Countdown deadline={deadline} />}
          <div>
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={status === "cancelling" || status === "sending" || status === "starting"}
              className="rounded border border-slate-400 px-4 py-2 disabled:opacity-50"
            >
              Cancel card payment
            </button>
            <span className="ml-3 text-sm text-slate-600">or press Esc</span>
          </div>
        </>
      )}
      {note && (
        <p role="status" aria-live="polite" data-testid="card-payment-result">
          {note}
        </p>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
          {!page && status === "starting" && (
            <button
              type="button"
              onClick={() => setStartTry((n) => n + 1)}
              className="ml-3 underline"
            >
              Try again
            </button>
          )}
        </p>
      )}
    </section>
  );
}

const STATUS_TEXT = {
  starting: "Opening the payment page…",
  waiting: "Waiting for the customer to open the payment page.",
  opened: "The customer is on the payment page.",
  sending: "Paid. Completing the sale…",
  cancelling: "Cancelling: checking the payment one last time…",
  done: "",
} as const;
