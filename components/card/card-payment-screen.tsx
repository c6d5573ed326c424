"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatRand } from "@/lib/money";
import { CARD_POLL_INTERVAL_MS, type SettledSale } from "@/lib/sales/card/client";
import {
  cancelCardPaymentAction,
  pollCardPaymentAction,
  startCardPaymentAction,
  type CounterCardView,
} from "@/lib/actions/card-payment";
import { restCustomerDisplay, showOnCustomerDisplay } from "@/components/customer-display/channel";
import { TILL_SALES_KEY } from "@/components/till/use-till-facts";
import { Countdown } from "./countdown";
import { PaymentQr } from "./payment-qr";

export interface CardPaymentProps {
  /** The recorded sale (pending, method card) that this payment is for. */
  saleId: string;
  amountCents: number;
  /**
   * The payment is decided and the sale is no longer waiting: PAID and sent (completed,
   * failed or unknown after the upstream call), or not confirmed (status unknown, never
   * sent: the payment could not be verified; the form shows it as not confirmed).
   */
  onSettled(sale: SettledSale): void;
  /** Declined, cancelled or not paid in time: nothing was sold; the cashier may retry or take cash. */
  onNotPaid(reason: string): void;
}

type Waiting = Extract<CounterCardView, { state: "waiting" }>;
type Status = "starting" | "waiting" | "opened" | "sending" | "cancelling" | "done";

/** An action's answer as react-query data: a refusal is shown, never thrown. */
type Answer = { ok: true; data: CounterCardView } | { ok: false; error: string };

/**
 * The counter's card payment: a QR code and a short link of the hosted checkout for the
 * customer's own phone (no card number is ever typed on a till), a countdown, Cancel, and
 * polling of the verified payment status (react-query, every 2 s). The server sends the
 * sale on PAID; this only shows it.
 */
export function CardPaymentScreen({ saleId, amountCents, onSettled, onNotPaid }: CardPaymentProps) {
  const [page, setPage] = useState<{ url: string; qrSvg: string } | null>(null);
  const [status, setStatus] = useState<Status>("starting");
  const [deadline, setDeadline] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const done = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const callbacks = useRef({ onSettled, onNotPaid });
  useEffect(() => {
    callbacks.current = { onSettled, onNotPaid };
  }, [onSettled, onNotPaid]);

  /** Apply one answer from the server. */
  const apply = useCallback(
    (view: CounterCardView) => {
      if (done.current) return;
      switch (view.state) {
        case "waiting":
          if ("qrSvg" in view)
            setPage({
              url: view.paymentPageUrl,
              qrSvg: (view as Waiting & { qrSvg: string }).qrSvg,
            });
          if (view.remainingMs !== null) setDeadline(Date.now() + view.remainingMs);
          setStatus((s) =>
            s === "cancelling" ? s : view.paymentStatus === "PENDING" ? "opened" : "waiting",
          );
          return;
        case "sending":
          setStatus("sending");
          return;
        case "settled":
          done.current = true;
          setFinished(true);
          setStatus("done");
          setNote(
            view.sale.status === "completed"
              ? "Paid. The sale is complete."
              : (view.sale.message ?? "Paid, but the sale did not complete."),
          );
          callbacks.current.onSettled(view.sale);
          return;
        case "unverified":
          // Not confirmed is not "not paid": the form shows the sale as not confirmed, not a fresh form.
          done.current = true;
          setFinished(true);
          setStatus("done");
          setNote(view.reason);
          callbacks.current.onSettled({
            id: saleId,
            kind: view.kind,
            status: "unknown",
            message: view.reason,
          });
          return;
        case "not_paid":
          done.current = true;
          setFinished(true);
          setStatus("done");
          setNote(view.reason);
          // Cancelled here, the customer's phone may still pay: the till starts listening now.
          void queryClient.invalidateQueries({ queryKey: [TILL_SALES_KEY] });
          callbacks.current.onNotPaid(view.reason);
          return;
      }
    },
    [saleId, queryClient],
  );

  /** Ask the server, and apply its answer as it arrives (react-query v5 has no onSuccess on queries). */
  const ask = useCallback(
    async (action: typeof pollCardPaymentAction): Promise<Answer> => {
      const answer = await action({ saleId });
      if (answer.ok) apply(answer.data);
      return answer;
    },
    [saleId, apply],
  );

  // Open the order once (the server gives a re-render the same order), then poll until decided.
  const start = useQuery<Answer>({
    queryKey: ["card-payment", saleId, "start"],
    queryFn: () => ask(startCardPaymentAction),
    staleTime: Infinity,
    gcTime: 0,
  });
  const started = start.data?.ok === true && start.data.data.state === "waiting";
  const poll = useQuery<Answer>({
    queryKey: ["card-payment", saleId, "status"],
    queryFn: () => ask(pollCardPaymentAction),
    enabled: started && !finished,
    refetchInterval: finished ? false : CARD_POLL_INTERVAL_MS,
    // The till keeps waiting with its tab in the background: the customer pays on their phone.
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const cancelling = useMutation({ mutationFn: () => ask(cancelCardPaymentAction) });

  useEffect(() => heading.current?.focus(), []);

  // The display facing the customer shows the code and the link while the payment is open,
  // and stops showing them the moment it is decided or cancelled.
  const open = status !== "done" && status !== "cancelling" ? page : null;
  const [openUrl, openQr] = [open?.url, open?.qrSvg];
  useEffect(() => {
    if (!openUrl || !openQr) return;
    showOnCustomerDisplay({ show: "card", amountCents, url: openUrl, qrSvg: openQr });
    return () => restCustomerDisplay();
  }, [openUrl, openQr, amountCents]);

  const { mutate: cancelNow } = cancelling;
  const cancel = useCallback(() => {
    if (done.current) return;
    setStatus("cancelling");
    cancelNow();
  }, [cancelNow]);

  const startError = start.data && !start.data.ok ? start.data.error : null;
  const error =
    (cancelling.data && !cancelling.data.ok ? cancelling.data.error : null) ??
    (poll.data && !poll.data.ok ? poll.data.error : null) ??
    startError ??
    (start.error || poll.error || cancelling.error ? "Kassa did not answer. Trying again…" : null);

  return (
    <section
      aria-labelledby="card-payment-heading"
      className="flex flex-col gap-4 rounded border border-slate-300 p-4"
      onKeyDown={(e) => {
        if (e.key === "Escape") cancel();
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
              onClick={cancel}
              disabled={status === "cancelling" || status === "sending" || status === "starting"}
              className="min-h-11 rounded border border-slate-400 px-4 py-2 disabled:opacity-50"
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
          {!page && status === "starting" && startError && (
            <button
              type="button"
              onClick={() => void start.refetch()}
              className="ml-3 min-h-11 underline"
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
