"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { SettledSale } from "@/lib/sales/card/client";
import type { SaleView } from "@/lib/sales/sale-view";
import { useTill } from "@/components/till/till-context";
import { askUntilSettled, inFlight, reconcileEntry } from "./sale-by-key";
import {
  forgetResend,
  isKassaUpdated,
  keepForResend,
  keptForResend,
  reloadForUpdate,
  UPDATE_FAILED_MESSAGE,
} from "./kassa-updated";
import { readRefusal, type EarlierSale, type PurchaseAnswer } from "./sale-answer";
import {
  currentEntry,
  rememberUnseen,
  markSent,
  markUnsent,
  renewKey,
  replaceKey,
  type SaleForm,
} from "./sale-store";

/** Past the server's own limit: the answer is not coming, ask the journal. */
const MARGIN_MS = 4_000;
/** How long to keep asking the journal about a sale still being sent. */
const ASK_FOR_MS = 8_000;

export type SaleStage =
  | { is: "ready" }
  | { is: "purchasing" }
  /** The answer was lost or late: asking the journal by key. */
  | { is: "asking" }
  /** Recorded and not settled: card payment, or not confirmed. */
  | { is: "open"; sale: SaleView }
  /** The core service answered but the journal could not be written: show what came back. */
  | { is: "not-recorded"; sale: SaleView }
  /** Completed with tokens: shown from the sale's own answer while its slip page loads. */
  | { is: "done"; sale: SaleView }
  | { is: "refused"; message: string; fieldErrors: Record<string, string> }
  | { is: "key-reused"; message: string }
  /** Kassa was upgraded under this page: the sale is kept and sent once after the reload. */
  | { is: "updated" }
  | { is: "duplicate"; message: string; earlier: EarlierSale | null };

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
 * The one life of a sale on any form, exactly once. The key is the browser's (localStorage,
 * per cashier and form) until its sale settles; Purchase is a mutation that never waits longer
 * than the server may take: a lost or late answer is asked of the journal by key. A completed
 * sale goes to its slip; failed, refused, duplicate and key-reused answers are shown by the form.
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
  const [stage, setStage] = useState<SaleStage>({ is: "ready" });
  const submitting = useRef(false);
  const lastInput = useRef<I | null>(null);

  // A key this browser sent and never heard back about: show its sale here if it is still open.
  useEffect(() => {
    const entry = currentEntry(cashierId, form);
    if (!entry.sentAt) return;
    let live = true;
    reconcileEntry(cashierId, form, entry, answerLimitMs + MARGIN_MS)
      .then((sale) => {
        if (live && sale && (sale.status === "unknown" || sale.status === "pending"))
          setStage({ is: "open", sale });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [cashierId, form, answerLimitMs]);

  function settle(sale: SaleView, key?: string) {
    // The slip page cannot show a sale the journal does not hold yet: the form shows its lines.
    if (sale.notRecorded) {
      renewKey(cashierId, form, key ?? currentEntry(cashierId, form).key);
      return setStage({ is: "not-recorded", sale });
    }
    if (sale.status === "completed") {
      renewKey(cashierId, form, key ?? currentEntry(cashierId, form).key);
      // Unseen until the slip page is on screen: a reload or a closed tab on the way still offers it.
      rememberUnseen(cashierId, sale);
      if (sale.tokens?.length) setStage({ is: "done", sale });
      router.push(`/slips/${sale.id}?fresh=1`);
      return;
    }
    if (sale.status === "failed") {
      renewKey(cashierId, form, key ?? currentEntry(cashierId, form).key);
      setStage({
        is: "refused",
        message: sale.message ?? "The core service refused this sale. Nothing was sold.",
        fieldErrors: {},
      });
      return;
    }
    setStage({ is: "open", sale });
  }

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
        setStage({ is: "asking" });
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
        if (reloadForUpdate()) return setStage({ is: "updated" });
        forgetResend(cashierId, form);
        return setStage({ is: "refused", message: UPDATE_FAILED_MESSAGE, fieldErrors: {} });
      }
      if (result.via === "answer") {
        const answer = result.answer;
        if (answer.ok) return settle(answer.data, key);
        const refusal = readRefusal(answer);
        if (refusal.is === "key-reused") {
          replaceKey(cashierId, form);
          return setStage(refusal);
        }
        // Nothing was recorded under the key: it stays for the corrected (or confirmed) attempt.
        markUnsent(cashierId, form, key);
        return setStage(refusal);
      }
      const asked = result.asked;
      if (asked === "unreachable") {
        return setStage({
          is: "refused",
          message:
            "Kassa could not be reached to say what happened. Check the connection, then press Purchase again: it repeats the same sale and never sells twice.",
          fieldErrors: {},
        });
      }
      if (asked === null) {
        markUnsent(cashierId, form, key);
        return setStage({
          is: "refused",
          message: "The purchase never reached Kassa, so nothing was sold. Press Purchase again.",
          fieldErrors: {},
        });
      }
      settle(asked, key);
    },
    onError: () =>
      setStage({
        is: "refused",
        message:
          "Something went wrong in the browser. Check the sale in History before selling again.",
        fieldErrors: {},
      }),
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
      setStage({ is: "purchasing" });
      mutate({ input: kept.input, key: kept.key, sellAgain: kept.sellAgain });
    });
    return () => {
      live = false;
    };
  }, [cashierId, form, mutate]);

  function submit(input: I, sellAgain = false) {
    // A double click or a held Enter: one purchase at a time, under one key.
    if (submitting.current) return;
    submitting.current = true;
    lastInput.current = input;
    setStage({ is: "purchasing" });
    mutation.mutate({ input, key: currentEntry(cashierId, form).key, sellAgain });
  }

  return {
    stage,
    busy:
      stage.is === "purchasing" ||
      stage.is === "asking" ||
      stage.is === "updated" ||
      stage.is === "done",
    /** The form gives way to the open sale (card, not confirmed, not recorded, asking, its tokens). */
    occupied:
      stage.is === "open" ||
      stage.is === "asking" ||
      stage.is === "not-recorded" ||
      stage.is === "done",
    submit,
    /** The cashier confirmed: the same sale again, on purpose, under the same key. */
    sellAgain: () => lastInput.current && submit(lastInput.current, true),
    settle: (sale: SaleView) => settle(sale),
    reset: () => setStage({ is: "ready" }),
    /** Leave an open sale to the journal (History, the supervisor) and free the form for the next customer. */
    leave: () => {
      renewKey(cashierId, form, currentEntry(cashierId, form).key);
      setStage({ is: "ready" });
    },
    /** After a card payment the sale went ahead: the journal says how it ended. */
    cardSettled: async (s: SettledSale) => {
      const key = currentEntry(cashierId, form).key;
      const asked = await askUntilSettled(queryClient, key, ASK_FOR_MS);
      if (asked && asked !== "unreachable") return settle(asked, key);
      const base = stage.is === "open" ? stage.sale : null;
      if (base)
        setStage({
          is: "open",
          sale: { ...base, status: "unknown", message: s.message ?? null, awaitingCard: false },
        });
    },
    /** Declined, cancelled or not paid in time: nothing was sold, the next attempt is a new sale. */
    cardNotPaid: (reason: string) => {
      renewKey(cashierId, form, currentEntry(cashierId, form).key);
      setStage({
        is: "refused",
        message: `Not paid: ${reason} Nothing was sold; take cash or try the card again.`,
        fieldErrors: {},
      });
    },
  };
}

/** What the shared pieces (open sale, notice) need of the hook, whatever the form submits. */
export type SaleHook = Omit<ReturnType<typeof useSale<object>>, "submit">;
