/**
 * The till's notices, computed in one place from what the journal, this browser and the page
 * know (TillFacts): each sale in exactly one state, every notice ordered by urgency. Pure and
 * client-safe (no lib/db, no lib/upstream): the status area (till-status.tsx) renders the
 * list, tests/unit/till-notices.test.ts checks it. A new kind of notice is a member of
 * NoticeKind, its place in URGENCY, and the facts it is made from.
 */
import { formatRand } from "@/lib/money";
import { isLow, isLowBalance, type BalanceView } from "@/lib/office/balance-view";
import type { PrinterStatus } from "@/lib/printing/status";
import { describeSale } from "@/lib/kinds/meta";
import type { PaidAfterCancelNotice } from "@/lib/sales/card/client";
import { PAID_NOT_DELIVERED, type SaleView, type TillSalesAnswer } from "@/lib/sales/sale-view";
import { NOT_PAIRED } from "@/components/printing/pairing";
import type { KassaUpdate } from "./page-facts";

/** A sale as a notice names it (`what` when the server said it: this browser's older records lack it). */
export type SaleRef = Pick<SaleView, "id" | "kind" | "amountCents" | "reference"> & {
  what?: string;
};

export interface PrinterFact {
  /** A USB or serial printer this browser has not been allowed to use yet. */
  unpaired: boolean;
  status: PrinterStatus | null;
}

export interface TillFacts {
  /** Sales under keys this browser sent, as the journal answered by key, and where each is dealt with. */
  sent: readonly { sale: SaleView; formPath: string }[];
  /** The journal's list for this cashier (GET /api/sales/unseen); null when it did not answer. */
  journal: TillSalesAnswer | null;
  /** Completed sales this browser has not shown the slip of (components/sale/sale-store.ts). */
  unseenHere: readonly SaleRef[];
  /** Sales a form on this page shows itself: left to the form. */
  onForm: readonly string[];
  /** The slip on screen: seen. */
  onSlip: string | null;
  printer: PrinterFact | null;
  balance: BalanceView | null;
  updated: KassaUpdate | null;
}

export type NoticeKind =
  | "kassa-updated"
  | "paid-after-cancel"
  | "not-confirmed"
  | "paid-not-delivered"
  | "sending"
  | "unseen-slip"
  | "printer"
  | "card-waiting"
  | "low-balance";

/** Most urgent first: what stops the till, money held for a sale, a customer without a token, then warnings. */
export const URGENCY: readonly NoticeKind[] = [
  "kassa-updated",
  // The customer who paid on their phone after the till cancelled is probably still here.
  "paid-after-cancel",
  "not-confirmed",
  "paid-not-delivered",
  "sending",
  "unseen-slip",
  "printer",
  "card-waiting",
  "low-balance",
];

interface Common {
  /** Stable across updates: the kind and the sale (or the one of its kind). */
  id: string;
  tone: "danger" | "warn" | "info" | "done";
  title: string;
  /** One sentence, short enough for the one line the status area gives a notice. */
  text: string;
}

export type Notice = Common &
  (
    | { kind: "kassa-updated"; update: KassaUpdate }
    | { kind: "paid-after-cancel"; followUp: PaidAfterCancelNotice }
    | { kind: "not-confirmed"; sale: SaleRef; openAt: string }
    | { kind: "paid-not-delivered"; sale: SaleRef; orderId: string }
    | { kind: "sending"; sale: SaleRef; openAt: string }
    | { kind: "unseen-slip"; sale: SaleRef }
    | { kind: "printer"; unpaired: boolean; state: string }
    | { kind: "card-waiting"; sale: SaleRef }
    | {
        kind: "low-balance";
        /** "R 900,00 left (warning below R 1 000,00)" */
        left: string;
        /** How long the float lasts at this shop's pace, when that is the warning. */
        runway: string | null;
      }
  );

/** How far a sale's life has gone: a later answer never takes a sale back to an earlier state. */
const PROGRESS: Record<SaleView["status"], number> = {
  pending: 0,
  unknown: 1,
  completed: 2,
  failed: 2,
};

const what = (sale: SaleRef) =>
  `${formatRand(sale.amountCents)} of ${sale.what ?? describeSale(sale.kind, sale.reference)}`;

/** Every sale once, in the state its furthest answer gives it, with where this browser deals with it. */
function salesById(facts: TillFacts) {
  const byId = new Map<string, { sale: SaleView; openAt: string | null }>();
  const take = (sale: SaleView, openAt: string | null) => {
    const had = byId.get(sale.id);
    const further = !had || PROGRESS[sale.status] > PROGRESS[had.sale.status];
    byId.set(sale.id, { sale: further ? sale : had.sale, openAt: had?.openAt ?? openAt });
  };
  for (const { sale, formPath } of facts.sent) take(sale, formPath);
  for (const sale of facts.journal?.sales ?? []) take(sale, null);
  for (const { sale } of facts.journal?.paidNotDelivered ?? []) take(sale, null);
  for (const sale of facts.journal?.cardWaiting ?? []) take(sale, null);
  return byId;
}

/** "14:03" in South African time. */
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-ZA", {
    timeZone: "Africa/Johannesburg",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * A card payment this till cancelled that the customer's phone paid after all: exactly one
 * outcome is asked of the cashier, Deliver now or Owed back (only Owed back once it was sold
 * again), on whatever page the till is.
 */
function paidAfterCancel(followUp: PaidAfterCancelNotice): Notice {
  const sold = followUp.soldAgain;
  return {
    kind: "paid-after-cancel",
    id: `paid-after-cancel:${followUp.saleId}`,
    tone: "danger",
    title: "Paid after you cancelled",
    text: `${formatRand(followUp.amountCents)} by card for ${describeSale(followUp.kind, followUp.reference)}, order ${followUp.orderNumber}: the customer's phone paid after this till cancelled the card payment of ${clock(followUp.createdAt)}. ${
      sold
        ? `It was sold again at ${clock(sold.at)} (${sold.method}), so the customer has it: press Owed back, and a supervisor refunds the card payment.`
        : "Customer still here and not served another way: Deliver now. Served another way, or gone: Owed back, and a supervisor refunds the card payment."
    }`,
    followUp,
  };
}

function saleNotices(facts: TillFacts): Notice[] {
  const followUps = facts.journal?.card?.paidAfterCancel ?? [];
  const leftAlone = new Set([
    ...facts.onForm,
    ...(facts.onSlip ? [facts.onSlip] : []),
    // Told once, as paid after cancel: never also "not confirmed" from this browser's key.
    ...followUps.map((f) => f.saleId),
  ]);
  const paid = new Map((facts.journal?.paidNotDelivered ?? []).map((p) => [p.sale.id, p.orderId]));
  const waiting = new Set((facts.journal?.cardWaiting ?? []).map((s) => s.id));
  const unseenHere = new Map(facts.unseenHere.map((s) => [s.id, s]));
  const notices: (Notice & { at: string })[] = [];
  const byId = salesById(facts);
  for (const { sale, openAt } of byId.values()) {
    if (leftAlone.has(sale.id)) continue;
    const at = sale.createdAt;
    const orderId = paid.get(sale.id);
    if (sale.status === "unknown" && orderId !== undefined) {
      notices.push({
        kind: "paid-not-delivered",
        id: `paid-not-delivered:${sale.id}`,
        tone: "danger",
        title: PAID_NOT_DELIVERED,
        text: `${what(sale)} by card, order ${orderId}: the customer paid after the till stopped waiting. Do not sell it again: a supervisor delivers it or refunds the customer.`,
        sale,
        orderId,
        at,
      });
    } else if (sale.status === "unknown") {
      notices.push({
        kind: "not-confirmed",
        id: `not-confirmed:${sale.id}`,
        tone: "warn",
        title: "Not confirmed",
        text: `${what(sale)}: keep the customer's money and do not take it again. Open the sale to see what to do.`,
        sale,
        // Its form retries it under its key; a supervisor's sale is only in History.
        openAt: openAt && sale.nextStep !== "supervisor" ? openAt : "/history",
        at,
      });
    } else if (sale.status === "pending" && !sale.awaitingCard && openAt) {
      // Only this browser's own keys: a sale on its way elsewhere is news once the journal settles it.
      notices.push({
        kind: "sending",
        id: `sending:${sale.id}`,
        tone: "info",
        title: "Still sending",
        text: `${what(sale)} is on its way: keep the customer's money and do not take it again.`,
        sale,
        openAt,
        at,
      });
    } else if (sale.status === "pending" && sale.awaitingCard && waiting.has(sale.id)) {
      notices.push({
        kind: "card-waiting",
        id: `card-waiting:${sale.id}`,
        tone: "info",
        title: "Card payment waiting",
        text: `${what(sale)}: the customer may still pay. Check the payment before selling again.`,
        sale,
        at,
      });
    } else if (sale.status === "completed" && (unseenHere.has(sale.id) || !sale.seen)) {
      notices.push(unseen(sale, at));
    }
  }
  // Known only to this browser (the journal counts a slip seen once its page was rendered, even
  // when a reload or a closed tab kept it off the screen).
  for (const sale of facts.unseenHere)
    if (!byId.has(sale.id) && !leftAlone.has(sale.id)) notices.push(unseen(sale, ""));
  // Newest first within a kind; a sale known only here keeps this browser's own order.
  return [
    ...followUps.map(paidAfterCancel),
    ...notices
      .map((n, i) => ({ n, i }))
      .sort((a, b) => (a.n.at && b.n.at ? b.n.at.localeCompare(a.n.at) : a.i - b.i))
      .map(({ n: { at: _at, ...notice } }) => notice as Notice),
  ];
}

function unseen(sale: SaleRef, at: string): Notice & { at: string } {
  return {
    kind: "unseen-slip",
    id: `unseen-slip:${sale.id}`,
    tone: "done",
    title: "Last sale went through",
    text: `${what(sale)}. The customer has not had this slip yet.`,
    sale,
    at,
  };
}

function pageNotices(facts: TillFacts): Notice[] {
  const notices: Notice[] = [];
  if (facts.updated)
    notices.push({
      kind: "kassa-updated",
      id: "kassa-updated",
      tone: facts.updated === "failed" ? "danger" : "info",
      title: "Kassa was updated",
      text:
        facts.updated === "failed"
          ? "This page could not load the new version: reload it (F5)."
          : "The page reloads.",
      update: facts.updated,
    });
  const printer = facts.printer;
  if (printer?.unpaired)
    notices.push({
      kind: "printer",
      id: "printer",
      tone: "danger",
      title: "Printer",
      text: NOT_PAIRED,
      unpaired: true,
      state: "unpaired",
    });
  else if (printer?.status && (printer.status.state !== "ready" || printer.status.paperLow)) {
    const low = printer.status.state === "ready";
    notices.push({
      kind: "printer",
      id: "printer",
      tone: low ? "warn" : "danger",
      title: "Printer",
      text: printer.status.message,
      unpaired: false,
      state: low ? "paper_low" : printer.status.state,
    });
  }
  const balance = facts.balance;
  if (balance && isLow(balance)) {
    const low = isLowBalance(balance);
    const left = `${formatRand(balance.balanceCents!)} left${low ? ` (warning below ${formatRand(balance.thresholdCents)})` : ""}`;
    const runway = balance.shortRunway ?? null;
    notices.push({
      kind: "low-balance",
      id: "low-balance",
      tone: "warn",
      title: low ? "Merchant balance is low" : "The merchant balance runs out soon",
      text: `${left}${runway ? `, enough for ${runway}` : ""}. Top up the merchant account before sales start failing.`,
      left,
      runway,
    });
  }
  return notices;
}

/** Every notice the till shows, most urgent first, each sale in exactly one of them. */
export function tillNotices(facts: TillFacts): Notice[] {
  const all = [...saleNotices(facts), ...pageNotices(facts)];
  const rank = (n: Notice) => URGENCY.indexOf(n.kind);
  // A stable sort: within a kind, the order saleNotices gave.
  return all
    .map((n, i) => ({ n, i }))
    .sort((a, b) => rank(a.n) - rank(b.n) || a.i - b.i)
    .map((x) => x.n);
}
