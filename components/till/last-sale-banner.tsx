"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { formatRand } from "@/lib/money";
import type { SaleView } from "@/lib/sales/sale-view";
import { reconcileEntry } from "@/components/sale/sale-by-key";
import { describeSale } from "@/components/sale/kind-words";
import {
  FORM_PATH,
  forgetUnseen,
  sentEntries,
  unseenSales,
  type UnseenSale,
} from "@/components/sale/sale-store";
import { useTill } from "./till-context";

interface LastSale {
  unseen: UnseenSale | null;
  open: SaleView | null;
  /** Where the open sale is dealt with: its form when this browser made it, History otherwise. */
  openAt: string | null;
}

/** The journal's list of this cashier's unseen completed and unresolved unknown sales. */
async function journalUnseen(): Promise<SaleView[] | null> {
  const response = await fetch("/api/sales/unseen", { cache: "no-store" });
  if (!response.ok) return null;
  return ((await response.json()) as { sales: SaleView[] }).sales;
}

/** Past this, a key still marked sent belongs to no purchase in flight anywhere. */
const IN_FLIGHT_GRACE_MS = 5_000;

/**
 * What the till shows first on any page: a completed sale whose slip this cashier has not
 * seen ("Last sale went through: show slip", one Enter away), or a sale that is not
 * confirmed. It asks the journal about every key this browser sent and never heard back on,
 * so a reload, a closed tab or a new tab cannot hide a sale.
 */
export function LastSaleBanner() {
  const { cashierId, answerLimitMs } = useTill();
  const pathname = usePathname();
  const router = useRouter();
  const queryClient = useQueryClient();
  const onSlip = pathname.match(/^\/slips\/([0-9a-f-]{36})/)?.[1] ?? null;

  const { data } = useQuery({
    queryKey: ["last-sale", cashierId, pathname],
    queryFn: async (): Promise<LastSale> => {
      if (onSlip) forgetUnseen(cashierId, onSlip);
      let open: SaleView | null = null;
      let openAt: string | null = null;
      for (const { form, entry } of sentEntries(cashierId)) {
        const sale = await reconcileEntry(
          cashierId,
          form,
          entry,
          answerLimitMs + IN_FLIGHT_GRACE_MS,
        ).catch(() => null);
        // A pending sale within its answer time may be on its way in another tab: not news yet.
        const recent = Date.now() - (entry.sentAt ?? 0) < answerLimitMs + IN_FLIGHT_GRACE_MS;
        if (
          !open &&
          sale &&
          !sale.awaitingCard &&
          (sale.status === "unknown" || (sale.status === "pending" && !recent))
        ) {
          open = sale;
          openAt = FORM_PATH[form];
        }
      }
      // This browser's own list first: the journal counts a slip seen once its page was rendered,
      // even when a reload or a closed tab kept it off the screen.
      const local = unseenSales(cashierId).find((s) => s.id !== onSlip) ?? null;
      // The journal's list covers other browsers and lost storage.
      {
        const listed = await journalUnseen().catch(() => null);
        if (listed) {
          const unseen = listed.find((s) => s.status === "completed" && !s.seen && s.id !== onSlip);
          if (!open) {
            open = listed.find((s) => s.status === "unknown") ?? null;
            openAt = open ? "/history" : null;
          }
          const fromJournal = unseen
            ? {
                id: unseen.id,
                kind: unseen.kind,
                amountCents: unseen.amountCents,
                reference: unseen.reference,
              }
            : null;
          return { unseen: local ?? fromJournal, open, openAt };
        }
      }
      return { unseen: local, open, openAt };
    },
    staleTime: 0,
    // While this browser has a sale it has not heard back about, keep asking: it may still land.
    refetchInterval: () => (sentEntries(cashierId).length > 0 ? 3_000 : false),
  });

  // The slip on screen is seen: no page's remembered banner offers it again while that page
  // asks the journal afresh (a slow answer on a busy till would show the old one meanwhile).
  useEffect(() => {
    if (!onSlip) return;
    queryClient.setQueriesData<LastSale>({ queryKey: ["last-sale", cashierId] }, (last) =>
      last?.unseen?.id === onSlip ? { ...last, unseen: null } : last,
    );
  }, [onSlip, cashierId, queryClient]);

  const unseenId = data?.unseen?.id ?? null;
  const showSlip = useRef<HTMLButtonElement>(null);
  // One key away, once per sale, unless the cashier has already typed something: never steal a keystroke.
  useEffect(() => {
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && active.value !== "";
    if (unseenId && !typing) showSlip.current?.focus();
  }, [unseenId]);

  if (!data) return null;
  if (data.unseen) {
    const sale = data.unseen;
    return (
      <Banner id="last-sale-title" title="Last sale went through" tone="done">
        <p>
          {formatRand(sale.amountCents)} of {describeSale(sale.kind, sale.reference)}. The customer
          has not had this slip yet.
        </p>
        <button
          type="button"
          ref={showSlip}
          onClick={() => {
            forgetUnseen(cashierId, sale.id);
            void queryClient.invalidateQueries({ queryKey: ["last-sale", cashierId] });
            router.push(`/slips/${sale.id}?fresh=1`);
          }}
          className="rounded-lg bg-brand px-4 py-2 font-semibold text-white"
        >
          Show slip
        </button>
      </Banner>
    );
  }
  // The form of a not-confirmed sale shows its own panel (and its kind's form its own sales); elsewhere, point to it.
  if (
    data.open &&
    data.openAt &&
    pathname !== data.openAt &&
    pathname !== FORM_PATH[data.open.kind]
  ) {
    const sale = data.open;
    return (
      <Banner id="open-sale-title" title="Not confirmed" tone="open">
        <p>
          {formatRand(sale.amountCents)} of {describeSale(sale.kind, sale.reference)} is not
          confirmed. Keep the customer&apos;s money and open the sale to see what to do.
        </p>
        <Link
          href={FORM_PATH[sale.kind]}
          className="min-h-11 rounded-lg bg-warn px-4 py-2 font-semibold text-white"
        >
          Open the sale
        </Link>
      </Banner>
    );
  }
  return null;
}

/** The banner over every till screen: a sale that went through unseen, or one still open. */
function Banner({
  id,
  title,
  tone,
  children,
}: {
  id: string;
  title: string;
  tone: "done" | "open";
  children: React.ReactNode;
}) {
  const colours = tone === "done" ? "border-brand bg-green-50" : "border-warn bg-amber-50";
  return (
    <section
      role="alert"
      aria-labelledby={id}
      className={`no-print mb-4 flex flex-wrap items-center gap-3 rounded-xl border-2 p-4 ${colours}`}
    >
      <h2 id={id} className={`text-lg font-bold ${tone === "open" ? "text-warn" : ""}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
