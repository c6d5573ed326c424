"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { KioskLocale } from "@/lib/i18n/kiosk-messages";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import {
  CARD_POLL_INTERVAL_MS,
  KIOSK_RECEIPT_PATH,
  KIOSK_RETURN_CHECKS,
} from "@/lib/sales/card/client";
import { finishKioskCardPaymentAction } from "./actions";
import { holdReceiptTicket } from "../receipt-ticket";

type Shown = { kind: "checking" } | { kind: "message"; title: string; text: string };

/** Verifies the payment (a few checks while PENDING), then the receipt, or a plain message. */
export function KioskPaymentReturn({
  saleId,
  locale,
  text,
  idleMs,
}: {
  saleId: string;
  locale: KioskLocale;
  text: KioskText["payment"];
  /** After this long on a message the kiosk goes back to its start screen by itself. */
  idleMs: number;
}) {
  const router = useRouter();
  // The last check tells the server to stop waiting (final), so the checks are counted.
  const checks = useRef(0);
  const { data: result, isError } = useQuery({
    queryKey: ["kiosk-card-return", saleId],
    queryFn: () => {
      checks.current += 1;
      return finishKioskCardPaymentAction({ saleId, final: checks.current >= KIOSK_RETURN_CHECKS });
    },
    refetchInterval: (query) =>
      query.state.data?.ok && query.state.data.data.is === "waiting"
        ? CARD_POLL_INTERVAL_MS
        : false,
    // Each answer may hand out the one-time receipt link: never asked again on its own.
    staleTime: Infinity,
    gcTime: 0,
  });
  const outcome = result?.ok ? result.data : null;

  const shown: Shown = (() => {
    const say = (title: string, words: string): Shown => ({ kind: "message", title, text: words });
    if (isError || (result && !result.ok)) return say(text.errorTitle, text.cannotCheck);
    switch (outcome?.is) {
      case undefined:
      case "waiting":
      case "receipt":
        return { kind: "checking" };
      // The receipt belonged to the moment of paying and is not shown again.
      case "finished":
        return say(text.finishedTitle, text.startAgain);
      case "not_cleared":
        return say(text.notClearedTitle, text.notCleared);
      case "not_paid":
        return say(
          text.notPaidTitle,
          outcome.why === "declined"
            ? text.declined
            : outcome.why === "cancelled"
              ? text.cancelled
              : outcome.why === "not_paid"
                ? text.notInTime
                : text.notPaid,
        );
      case "not_confirmed":
        return say(text.notConfirmedTitle, text.notConfirmed);
    }
  })();

  useEffect(() => {
    if (outcome?.is !== "receipt") return;
    holdReceiptTicket(saleId, outcome.ticket);
    router.replace(`${KIOSK_RECEIPT_PATH(saleId)}${locale === "en" ? "" : `?lang=${locale}`}`);
  }, [outcome, saleId, locale, router]);

  const idle = shown.kind === "message";
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(() => router.replace("/kiosk"), idleMs);
    return () => clearTimeout(timer);
  }, [idle, idleMs, router]);

  if (shown.kind === "checking") {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-8 pt-16 text-center">
        <h1 className="text-4xl font-bold">{text.checking}</h1>
        <p role="status" aria-live="polite" className="text-2xl text-slate-200">
          {text.wait}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-8 pt-16 text-center">
      <h1 className="text-4xl font-bold">{shown.title}</h1>
      <p
        role="status"
        aria-live="polite"
        data-testid="kiosk-payment-message"
        className="text-2xl text-slate-200"
      >
        {shown.text}
      </p>
      {/* The next customer starts in English. */}
      <Link
        href="/kiosk"
        className="flex min-h-14 items-center rounded-xl bg-white px-10 py-6 text-3xl font-semibold text-slate-900"
      >
        {text.back}
      </Link>
    </div>
  );
}
