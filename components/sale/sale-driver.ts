/**
 * The sale machine at work for one form: it steps the pure machine (sale-machine.ts) and
 * carries out its effects on the form's key (localStorage), the unseen list and the page, and
 * follows a sale on its way until the journal settles it. No React: the hook (use-sale.ts)
 * holds one per form.
 */
import type { QueryClient } from "@tanstack/react-query";
import { KIND_META } from "@/lib/kinds/meta";
import { forgetResend } from "./kassa-updated";
import { askUntilSettled } from "./sale-by-key";
import { READY, transition, type SaleEffect, type SaleEvent, type SaleStage } from "./sale-machine";
import {
  currentEntry,
  markUnsent,
  rememberUnseen,
  renewKey,
  replaceKey,
  type SaleForm,
} from "./sale-store";

/** How long one question about a sale still being sent goes on before it is asked afresh. */
const FOLLOW_FOR_MS = 8_000;
/** How often a sale on its way is asked about. */
const FOLLOW_EVERY_MS = 1_500;

export interface Driver {
  /** Step the machine (sale-machine.ts) with an event about the sale under `key`, and carry out its effects. */
  dispatch(event: SaleEvent, key?: string): void;
  stop(): void;
}

/**
 * The machine's stage and its effects for one form: the key (localStorage), the unseen list,
 * the slip page, and following a sale on its way until the journal settles it.
 */
export function saleDriver({
  cashierId,
  form,
  queryClient,
  go,
  onStage,
}: {
  cashierId: string;
  form: SaleForm;
  queryClient: QueryClient;
  go(url: string): void;
  onStage(stage: SaleStage): void;
}): Driver {
  const machine = { button: KIND_META[form].button.label };
  let current: SaleStage = READY;
  /** The key whose sale is being followed while it is on its way. */
  let following: string | null = null;

  function dispatch(event: SaleEvent, key: string = currentEntry(cashierId, form).key) {
    const step = transition(current, event, machine);
    current = step.stage;
    onStage(step.stage);
    for (const effect of step.effects) carryOut(effect, key);
  }

  function carryOut(effect: SaleEffect, key: string) {
    switch (effect.do) {
      case "renew-key":
        return void renewKey(cashierId, form, key);
      case "replace-key":
        return void replaceKey(cashierId, form);
      case "free-key":
        return markUnsent(cashierId, form, key);
      case "remember-unseen":
        return rememberUnseen(cashierId, effect.sale);
      case "show-slip":
        return go(`/slips/${effect.saleId}?fresh=1`);
      case "forget-resend":
        return forgetResend(cashierId, form);
      case "follow":
        return follow(key);
    }
  }

  /** Ask the journal about a sale on its way until it is no longer being sent. */
  function follow(key: string) {
    if (following === key) return;
    following = key;
    void (async () => {
      while (following === key && current.is === "sending") {
        const asked = await askUntilSettled(queryClient, key, FOLLOW_FOR_MS, FOLLOW_EVERY_MS);
        if (following !== key || current.is !== "sending") break;
        if (asked && asked !== "unreachable" && asked.status === "pending" && !asked.awaitingCard)
          continue;
        following = null;
        return dispatch({ on: "journal", asked }, key);
      }
      if (following === key) following = null;
    })();
  }

  return {
    dispatch,
    stop: () => {
      following = null;
    },
  };
}
