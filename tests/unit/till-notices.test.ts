import { describe, expect, it } from "vitest";
import { tillNotices, URGENCY, type TillFacts } from "@/components/till/notices";
import type { SaleView } from "@/lib/sales/sale-view";

/**
 * The till's notices from what the journal, the browser and the page know: each sale in
 * exactly one state, the most urgent first, and nothing left over once a sale moves on.
 */
let n = 0;
function sale(more: Partial<SaleView> = {}): SaleView {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    kind: "electricity",
    status: "completed",
    method: "cash",
    amountCents: 6_117,
    reference: "01100000007",
    what: "electricity for meter 01100000007",
    message: null,
    awaitingCard: false,
    retryable: false,
    nextStep: null,
    paidNotDelivered: false,
    createdAt: `2026-11-26T10:${String(n % 60).padStart(2, "0")}:00.000Z`,
    seen: false,
    notRecorded: null,
    ...more,
  };
}

const NONE: TillFacts = {
  sent: [],
  journal: { sales: [], paidNotDelivered: [], cardWaiting: [] },
  unseenHere: [],
  onForm: [],
  onSlip: null,
  printer: null,
  balance: null,
  updated: null,
};

const facts = (more: Partial<TillFacts>): TillFacts => ({ ...NONE, ...more });

/** The journal's word that the customer's phone paid after this till cancelled the sale's card payment. */
const followUp = (s: SaleView) => ({
  saleId: s.id,
  kind: s.kind,
  amountCents: s.amountCents,
  reference: s.reference,
  createdAt: s.createdAt,
  paidAt: s.createdAt,
  orderNumber: "ORD-7",
  soldAgain: null,
});
const kinds = (f: TillFacts) => tillNotices(f).map((x) => x.kind);

describe("the till's notices", () => {
  it("say nothing when there is nothing to say", () => {
    expect(tillNotices(NONE)).toEqual([]);
    expect(tillNotices(facts({ journal: null }))).toEqual([]);
  });

  it("every kind at once, most urgent first, each once", () => {
    const unknown = sale({ status: "unknown" });
    const paid = sale({ status: "unknown", method: "card" });
    const sending = sale({ status: "pending" });
    const unseen = sale();
    const waiting = sale({ status: "pending", method: "card", awaitingCard: true });
    const cancelled = sale({ status: "unknown", method: "card" });
    const all = tillNotices(
      facts({
        sent: [{ sale: sending, formPath: "/electricity" }],
        journal: {
          sales: [unseen, unknown, paid],
          paidNotDelivered: [{ sale: paid, orderId: "ORD-9" }],
          cardWaiting: [waiting],
          card: { paidAfterCancel: [followUp(cancelled)], stillPayable: [] },
        },
        printer: { unpaired: false, status: { state: "paper_out", message: "Out of paper." } },
        balance: { balanceCents: 90_000, thresholdCents: 100_000 },
        updated: "failed",
      }),
    );
    expect(all.map((x) => x.kind)).toEqual(URGENCY);
    expect(new Set(all.map((x) => x.id)).size).toBe(all.length);
  });

  it("a card sale paid after the till stopped waiting is 'paid, not delivered', never also 'not confirmed'", () => {
    const paid = sale({ status: "unknown", method: "card" });
    const notices = tillNotices(
      facts({
        journal: {
          sales: [paid],
          paidNotDelivered: [{ sale: paid, orderId: "ORD-1" }],
          cardWaiting: [],
        },
      }),
    );
    expect(notices.map((x) => x.kind)).toEqual(["paid-not-delivered"]);
    expect(notices[0]!.text).toContain("ORD-1");
  });

  it("a card payment paid after this till cancelled it is told once, first, whatever this browser's key says", () => {
    const cancelled = sale({ status: "unknown", method: "card", amountCents: 8_000 });
    const unseen = sale();
    const told = (soldAgain: { at: string; method: "cash" | "card" } | null) =>
      tillNotices(
        facts({
          // This browser sent it and heard "unknown": still not "not confirmed".
          sent: [{ sale: cancelled, formPath: "/electricity" }],
          journal: {
            sales: [unseen],
            paidNotDelivered: [],
            cardWaiting: [],
            card: { paidAfterCancel: [{ ...followUp(cancelled), soldAgain }], stillPayable: [] },
          },
        }),
      );
    const notices = told(null);
    expect(notices.map((x) => x.kind)).toEqual(["paid-after-cancel", "unseen-slip"]);
    expect(`${notices[0]!.title}: ${notices[0]!.text}`).toMatch(
      /^Paid after you cancelled: R\s80,00 by card for .*order ORD-7.*Deliver now/,
    );
    const again = told({ at: "2026-11-26T10:05:00.000Z", method: "cash" })[0]!;
    expect(again.text).toContain("It was sold again at 12:05 (cash)");
    expect(again.text).toContain("press Owed back");
  });

  it("a sale still being sent under this browser's key is on its way, not 'not confirmed'", () => {
    const pending = sale({ status: "pending" });
    const notices = tillNotices(facts({ sent: [{ sale: pending, formPath: "/bills" }] }));
    expect(notices.map((x) => x.kind)).toEqual(["sending"]);
    expect(notices[0]).toMatchObject({ kind: "sending", openAt: "/bills" });
  });

  it("once it went through, the same sale is only 'last sale went through', whatever older answers said", () => {
    const pending = sale({ status: "pending" });
    const completed = { ...pending, status: "completed" as const };
    // The key was asked first (still sending), the journal's list after (completed).
    expect(
      kinds(
        facts({
          sent: [{ sale: pending, formPath: "/electricity" }],
          journal: { ...NONE.journal!, sales: [completed] },
        }),
      ),
    ).toEqual(["unseen-slip"]);
    // And an unknown one settled by a retry elsewhere: no "not confirmed" beside it.
    const unknown = { ...pending, status: "unknown" as const };
    expect(
      kinds(
        facts({
          sent: [{ sale: completed, formPath: "/electricity" }],
          journal: { ...NONE.journal!, sales: [unknown] },
        }),
      ),
    ).toEqual(["unseen-slip"]);
  });

  it("leaves to the form the sale it shows, and to the slip page its own slip", () => {
    const unknown = sale({ status: "unknown" });
    const unseen = sale();
    const f = facts({ journal: { ...NONE.journal!, sales: [unknown, unseen] } });
    expect(kinds({ ...f, onForm: [unknown.id] })).toEqual(["unseen-slip"]);
    expect(kinds({ ...f, onSlip: unseen.id })).toEqual(["not-confirmed"]);
  });

  it("a slip seen (on screen, put away) is offered no more, here or by the journal", () => {
    const seen = sale({ seen: true });
    expect(kinds(facts({ journal: { ...NONE.journal!, sales: [seen] } }))).toEqual([]);
    // Known only to this browser (a reload kept it off the screen): offered from here.
    expect(kinds(facts({ unseenHere: [seen] }))).toEqual(["unseen-slip"]);
  });

  it("an unknown sale is opened on its form when this browser sent it and can retry it, otherwise in History", () => {
    const unknown = sale({ status: "unknown", nextStep: "retry" });
    expect(
      tillNotices(facts({ journal: { ...NONE.journal!, sales: [unknown] } }))[0],
    ).toMatchObject({
      kind: "not-confirmed",
      openAt: "/history",
    });
    expect(
      tillNotices(facts({ sent: [{ sale: unknown, formPath: "/electricity" }] }))[0],
    ).toMatchObject({ kind: "not-confirmed", openAt: "/electricity" });
    const supervisors = { ...unknown, nextStep: "supervisor" as const };
    expect(
      tillNotices(facts({ sent: [{ sale: supervisors, formPath: "/vas" }] }))[0],
    ).toMatchObject({ kind: "not-confirmed", openAt: "/history" });
  });

  it("the newest sale first within a kind", () => {
    const older = sale({ createdAt: "2026-11-26T08:00:00.000Z" });
    const newer = sale({ createdAt: "2026-11-26T09:00:00.000Z" });
    const notices = tillNotices(facts({ journal: { ...NONE.journal!, sales: [older, newer] } }));
    expect(notices.map((x) => "sale" in x && x.sale.id)).toEqual([newer.id, older.id]);
  });

  it("the printer only when it will not print (or runs low), the balance only when low or short", () => {
    const ready = {
      unpaired: false,
      status: { state: "ready" as const, message: "Printer ready." },
    };
    expect(kinds(facts({ printer: ready }))).toEqual([]);
    expect(kinds(facts({ printer: { unpaired: true, status: null } }))).toEqual(["printer"]);
    expect(kinds(facts({ balance: { balanceCents: 200_000, thresholdCents: 100_000 } }))).toEqual(
      [],
    );
    const short = tillNotices(
      facts({
        balance: { balanceCents: 200_000, thresholdCents: 100_000, shortRunway: "about 5 hours" },
      }),
    );
    expect(short[0]).toMatchObject({ kind: "low-balance", runway: "about 5 hours" });
    expect(short[0]!.title).toBe("The merchant balance runs out soon");
  });
});
