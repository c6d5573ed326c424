"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import type { BalanceView } from "@/lib/office/balance-view";
import type { PrinterConnection } from "@/lib/printing/connection";
import type { CardFollowUps } from "@/lib/sales/card/client";
import type { SaleView, TillSalesAnswer } from "@/lib/sales/sale-view";
import { usePrinter } from "@/components/printing/use-printer";
import { reconcileEntry } from "@/components/sale/sale-by-key";
import { FORM_PATH, forgetUnseen, sentEntries, unseenSales } from "@/components/sale/sale-store";
import type { SaleRef, TillFacts } from "./notices";
import { usePageFacts } from "./page-facts";
import { useTill } from "./till-context";

/** The first part of the till's sales query key: invalidate it to have every page ask again. */
export const TILL_SALES_KEY = "till-sales";

/** Past this, a key still marked sent belongs to no purchase in flight anywhere. */
const IN_FLIGHT_GRACE_MS = 5_000;
/** While this browser has a sale it has not heard back about: it may land any moment. */
const SENT_EVERY_MS = 3_000;
/** Otherwise (no card payment this till cancelled is followed): a card payment made after the till stopped waiting is told within this. */
const EVERY_MS = 20_000;
/** The server caches the core service's balance for a minute anyway. */
const BALANCE_EVERY_MS = 60_000;

/** Freshly cancelled: the customer is probably still at the counter with the page open. */
const FRESH_MS = 15 * 60_000;

/**
 * How often the till asks its feed (/api/sales/unseen) for the card payments it cancelled:
 * every 3 s while a payment made after cancel waits here or a cancel is fresh, otherwise at
 * the till's own pace (an older cancelled order is still followed at that pace).
 */
function followUpsEveryMs(data: CardFollowUps | undefined, now: number): number {
  const fresh =
    (data?.paidAfterCancel.length ?? 0) > 0 ||
    (data?.stillPayable ?? []).some((p) => now - Date.parse(p.cancelledAt) < FRESH_MS);
  return fresh ? SENT_EVERY_MS : EVERY_MS;
}

interface SalesFacts {
  sent: { sale: SaleView; formPath: string }[];
  journal: TillSalesAnswer | null;
  unseenHere: SaleRef[];
}

/** The same facts with one slip seen (on screen, or put away): no page offers it again. */
function seen(facts: SalesFacts, saleId: string): SalesFacts {
  const mark = (sale: SaleView) => (sale.id === saleId ? { ...sale, seen: true } : sale);
  return {
    sent: facts.sent.map((s) => ({ ...s, sale: mark(s.sale) })),
    journal: facts.journal && { ...facts.journal, sales: facts.journal.sales.map(mark) },
    unseenHere: facts.unseenHere.filter((s) => s.id !== saleId),
  };
}

/** The journal's list for this cashier; null when it did not answer. */
async function journalList(): Promise<TillSalesAnswer | null> {
  const response = await fetch("/api/sales/unseen", { cache: "no-store" });
  if (!response.ok) return null;
  return (await response.json()) as TillSalesAnswer;
}

async function fetchBalance(): Promise<BalanceView> {
  const response = await fetch("/api/merchant/balance", { cache: "no-store" });
  if (!response.ok) throw new Error(`balance answered ${response.status}`);
  return (await response.json()) as BalanceView;
}

/**
 * Everything the till's notices are made from (notices.ts): the journal asked about every key
 * this browser sent and never heard back on, then its list for this cashier (other browsers,
 * lost storage, card payments); this browser's unseen slips; the printer; the merchant balance;
 * and what the page itself knows (the sale its form shows, Kassa updated).
 */
export function useTillFacts(printerOf: {
  connection: PrinterConnection;
  answersStatus: boolean;
}): {
  facts: TillFacts;
  /** The journal has not answered yet on this page (its notices may still come). */
  asking: boolean;
  pair(): Promise<void>;
  /** A slip this browser need not offer again (put away): forgotten here and in every page's facts. */
  forget(saleId: string): void;
  refresh(): Promise<unknown>;
} {
  const { cashierId, answerLimitMs } = useTill();
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const onSlip = pathname.match(/^\/slips\/([0-9a-f-]{36})/)?.[1] ?? null;
  const page = usePageFacts();
  const { printer, pair } = usePrinter(printerOf.connection, printerOf.answersStatus);

  const sales = useQuery({
    queryKey: [TILL_SALES_KEY, cashierId, pathname],
    queryFn: async (): Promise<SalesFacts> => {
      if (onSlip) forgetUnseen(cashierId, onSlip);
      const sent: { sale: SaleView; formPath: string }[] = [];
      for (const { form, entry } of sentEntries(cashierId)) {
        const sale = await reconcileEntry(
          cashierId,
          form,
          entry,
          answerLimitMs + IN_FLIGHT_GRACE_MS,
        ).catch(() => null);
        if (sale) sent.push({ sale, formPath: FORM_PATH[form] });
      }
      const journal = await journalList().catch(() => null);
      // Read after the keys were asked about: a completed one has just joined it.
      return { sent, journal, unseenHere: unseenSales(cashierId) };
    },
    staleTime: 0,
    // A new page keeps the last notices while the journal is asked again: nothing flickers.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      Math.min(
        sentEntries(cashierId).length > 0 ? SENT_EVERY_MS : EVERY_MS,
        followUpsEveryMs(query.state.data?.journal?.card, Date.now()),
      ),
    // The till keeps listening with its tab in the background: the customer pays on their phone.
    refetchIntervalInBackground: true,
  });

  // The slip on screen is seen: no page's remembered notices offer it again while that page
  // asks the journal afresh (a slow answer on a busy till would show the old one meanwhile).
  useEffect(() => {
    if (!onSlip) return;
    queryClient.setQueriesData<SalesFacts>(
      { queryKey: [TILL_SALES_KEY, cashierId] },
      (last) => last && seen(last, onSlip),
    );
  }, [onSlip, cashierId, queryClient]);

  const balance = useQuery({
    queryKey: ["merchant-balance"],
    queryFn: fetchBalance,
    refetchInterval: BALANCE_EVERY_MS,
  });

  return {
    facts: {
      sent: sales.data?.sent ?? [],
      journal: sales.data?.journal ?? null,
      unseenHere: sales.data?.unseenHere ?? [],
      onForm: page.onForm,
      onSlip,
      printer,
      balance: balance.data ?? null,
      updated: page.updated,
    },
    asking: sales.isPending,
    pair,
    forget: (saleId) => {
      forgetUnseen(cashierId, saleId);
      queryClient.setQueriesData<SalesFacts>(
        { queryKey: [TILL_SALES_KEY, cashierId] },
        (last) => last && seen(last, saleId),
      );
    },
    refresh: () => sales.refetch(),
  };
}
