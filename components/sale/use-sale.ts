"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { SettledSale } from "@/lib/sales/card/client";
import type { SaleView } from "@/lib/sales/sale-view";
import { useTill } from "@/components/till/till-context";
import { showOnForm } from "@/components/till/page-facts";
import { askUntilSettled, inFlight, reconcileEntry } from "./sale-by-key";
import {
  forgetResend,
  isKassaUpdated,
  keepForResend,
  keptForResend,
  reloadForUpdate,
} from "./kassa-updated";
import type { PurchaseAnswer } from "./sale-answer";
import { isBusy, isOccupied, READY, saleOnForm, type SaleStage } from "./sale-machine";
import { saleDriver } from "./sale-driver";
import { currentEntry, markSent, markUnsent, type SaleForm } from "./sale-store";

/** Past the server's own limit: the answer is not coming, ask the journal. */
const MARGIN_MS = 4_000;
/** How long to keep asking the journal about a sale still being sent, before asking afresh. */
const ASK_FOR_MS = 8_000;

type Purchase<I> = (
  input: I & { idempotencyKey: string; sellAgain?: boolean },
) => Promise<PurchaseAnswer>;

class AnswerLost extends Error {}

/** The server did not know the action: it runs a newer build, and the purchase never ran. */
class KassaUpdated extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new AnswerLost("no answer in time")), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (error: unknown) => (
        clearTimeout(timer),
        reject(
          isKassaUpdated(error)
            ? new KassaUpdated("action unknown")
            : new AnswerLost("answer lost"),
        )
      ),
    );
  });
}

/**
 * The one life of a sale on any form, exactly once: the pure machine (sale-machine.ts) says
 * what each answer means; this hook sends, asks the journal and carries out the machine's
 * effects on the key (localStorage, per cashier and form, until its sale settles) and the page.
 * A page left over from before an upgrade (the server no longer knows its action) keeps the
 * sale with `keep.screen()` (what the form shows), reloads once; after the reload this hook
 * gives it back to `keep.restore` (or the page restores itself with keptForResend) and sends it
 * once under the same key.
 */
export function useSale<I extends object, S = unknown>(
  form: SaleForm,
  purchase: Purchase<I>,
  keep: { screen: () => S; restore?: (input: I, screen: S) => void } = {
    screen: () => null as S,
  },
) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { cashierId, answerLimitMs } = useTill();
  const [stage, setStage] = useState<SaleStage>(READY);
  const [driver] = useState(() =>
    saleDriver({
      cashierId,
      form,
      queryClient,
      go: (url) => router.push(url),
      onStage: setStage,
    }),
  );
  const { dispatch } = driver;
  const submitting = useRef(false);
  const lastInput = useRef<I | null>(null);

  // The till's status area leaves the sale this form shows to the form.
  const shown = saleOnForm(stage);
  useEffect(() => showOnForm(form, shown), [form, shown]);
  useEffect(
    () => () => {
      driver.stop();
      showOnForm(form, null);
    },
    [form, driver],
  );

  // A key this browser sent and never heard back about: its sale here if it is still open.
  useEffect(() => {
    const entry = currentEntry(cashierId, form);
    if (!entry.sentAt) return;
    let live = true;
    reconcileEntry(cashierId, form, entry, answerLimitMs + MARGIN_MS)
      .then((sale) => {
        if (live && sale) dispatch({ on: "found", sale }, entry.key);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [cashierId, form, answerLimitMs, dispatch]);

  const mutation = useMutation({
    mutationFn: async ({
      input,
      key,
      sellAgain,
    }: {
      input: I;
      key: string;
      sellAgain: boolean;
    }) => {
      markSent(cashierId, form, key);
      inFlight.add(key);
      try {
        return {
          via: "answer" as const,
          answer: await withDeadline(
            purchase({ ...input, idempotencyKey: key, ...(sellAgain ? { sellAgain: true } : {}) }),
            answerLimitMs + MARGIN_MS,
          ),
        };
      } catch (error) {
        if (error instanceof KassaUpdated) return { via: "updated" as const };
        if (!(error instanceof AnswerLost)) throw error;
        dispatch({ on: "answer-lost" }, key);
        return {
          via: "journal" as const,
          asked: await askUntilSettled(queryClient, key, ASK_FOR_MS),
        };
      } finally {
        inFlight.delete(key);
      }
    },
    onSuccess: (result, { input, key, sellAgain }) => {
      if (result.via === "updated") {
        // Nothing reached the journal under the key: it goes again after the reload.
        markUnsent(cashierId, form, key);
        keepForResend(cashierId, form, {
          key,
          input,
          sellAgain,
          screen: keep.screen(),
          at: Date.now(),
        });
        return dispatch({ on: "outdated", reloading: reloadForUpdate() }, key);
      }
      if (result.via === "answer") return dispatch({ on: "answered", answer: result.answer }, key);
      dispatch({ on: "journal", asked: result.asked }, key);
    },
    onError: () => dispatch({ on: "browser-error" }),
    onSettled: () => {
      submitting.current = false;
    },
  });

  // A sale pressed on the page before the upgrade's reload: sent once, under its own key.
  const { mutate } = mutation;
  const restore = useRef(keep.restore);
  useEffect(() => {
    let live = true;
    void keptForResend<I, S>(cashierId, form).then((kept) => {
      if (!live || !kept || submitting.current) return;
      forgetResend(cashierId, form);
      restore.current?.(kept.input, kept.screen);
      submitting.current = true;
      lastInput.current = kept.input;
      dispatch({ on: "pressed" }, kept.key);
      mutate({ input: kept.input, key: kept.key, sellAgain: kept.sellAgain });
    });
    return () => {
      live = false;
    };
  }, [cashierId, form, mutate, dispatch]);

  function submit(input: I, sellAgain = false) {
    // A double click or a held Enter: one purchase at a time, under one key.
    if (submitting.current) return;
    submitting.current = true;
    lastInput.current = input;
    const key = currentEntry(cashierId, form).key;
    dispatch({ on: "pressed" }, key);
    mutation.mutate({ input, key, sellAgain });
  }

  return {
    stage,
    busy: isBusy(stage),
    /** The form gives way to the open sale (card, not confirmed, still sending, not recorded, its tokens). */
    occupied: isOccupied(stage),
    submit,
    /** The cashier confirmed: the same sale again, on purpose, under the same key. */
    sellAgain: () => lastInput.current && submit(lastInput.current, true),
    settle: (sale: SaleView) => dispatch({ on: "settled", sale }),
    reset: () => dispatch({ on: "reset" }),
    /** Leave an open sale to the journal (History, the supervisor) and free the form for the next customer. */
    leave: () => dispatch({ on: "leave" }),
    /** After a card payment the sale went ahead: the journal says how it ended. */
    cardSettled: async (s: SettledSale) => {
      const key = currentEntry(cashierId, form).key;
      const asked = await askUntilSettled(queryClient, key, ASK_FOR_MS);
      if (asked && asked !== "unreachable") return dispatch({ on: "settled", sale: asked }, key);
      dispatch({ on: "card-unconfirmed", message: s.message ?? null }, key);
    },
    /** Declined, cancelled or not paid in time: nothing was sold, the next attempt is a new sale. */
    cardNotPaid: (reason: string) => dispatch({ on: "card-not-paid", reason }),
  };
}

/** What the shared pieces (open sale, notice) need of the hook, whatever the form submits. */
export type SaleHook = Omit<ReturnType<typeof useSale<object>>, "submit">;
