import { describe, expect, it } from "vitest";
import {
  isBusy,
  isOccupied,
  READY,
  saleOnForm,
  transition,
  type SaleEffect,
  type SaleEvent,
  type SaleMachine,
  type SaleStage,
} from "@/components/sale/sale-machine";
import { KEY_REUSED_CODE } from "@/lib/sales/fingerprint";
import { NOT_RECORDED_NOTICE, type SaleView } from "@/lib/sales/sale-view";

/**
 * The sale hook's machine without a browser: what each answer makes of the form, and what
 * happens to the form's sale key. "Keeps the key" means no effect that renews or replaces it.
 */
const PURCHASE: SaleMachine = { button: "Purchase" };
const PAY: SaleMachine = { button: "Pay" };
const TOKENS = [
  { kind: "credit", label: "Credit", digits: "12345678901234567890", info: null },
] as SaleView["tokens"];

function view(more: Partial<SaleView> = {}): SaleView {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
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
    createdAt: "2026-11-26T10:00:00.000Z",
    seen: false,
    notRecorded: null,
    ...more,
  };
}

const unknown = (more: Partial<SaleView> = {}) =>
  view({ status: "unknown", retryable: true, nextStep: "retry", ...more });

/** Several events in a row, from `from`: the last stage and every effect on the way. */
function run(events: SaleEvent[], form = PURCHASE, from: SaleStage = READY) {
  let stage = from;
  const effects: SaleEffect[] = [];
  for (const event of events) {
    const step = transition(stage, event, form);
    stage = step.stage;
    effects.push(...step.effects);
  }
  return { stage, effects, doing: effects.map((e) => e.do) };
}

const KEY_CHANGES = ["renew-key", "replace-key"];

describe("a purchase answered", () => {
  it("completed with tokens: the tokens at once, the slip next, unseen until it shows, a new key", () => {
    const sale = view({ tokens: TOKENS });
    const { stage, effects } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "done", sale });
    expect(effects).toEqual([
      { do: "renew-key" },
      { do: "remember-unseen", sale },
      { do: "show-slip", saleId: sale.id },
    ]);
    expect(isBusy(stage)).toBe(true);
  });

  it("completed without tokens: the form waits (busy) while the slip page loads", () => {
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: view({ kind: "bill" }) } },
    ]);
    expect(stage).toEqual({ is: "purchasing" });
    expect(doing).toEqual(["renew-key", "remember-unseen", "show-slip"]);
  });

  it("failed: the reason, nothing sold, a new key", () => {
    const { stage, doing } = run([
      { on: "pressed" },
      {
        on: "answered",
        answer: { ok: true, data: view({ status: "failed", message: "Meter blocked." }) },
      },
    ]);
    expect(stage).toEqual({ is: "refused", message: "Meter blocked.", fieldErrors: {} });
    expect(doing).toEqual(["renew-key"]);
  });

  it("unknown: Not confirmed with Retry, and the same key stays with the sale", () => {
    const sale = unknown();
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "open", sale });
    expect(doing).toEqual([]);
    expect(isOccupied(stage)).toBe(true);
    expect(saleOnForm(stage)).toBe(sale.id);
  });

  it("unknown while the journal could not record it: still Not confirmed with Retry, never 'Not recorded' and a new key", () => {
    const sale = unknown({
      notRecorded: { notice: NOT_RECORDED_NOTICE, title: "Electricity", lines: [] },
    });
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "open", sale });
    expect(stage.is === "open" && stage.sale.nextStep).toBe("retry");
    expect(doing.filter((d) => KEY_CHANGES.includes(d))).toEqual([]);
  });

  it("completed while the journal could not record it: the slip's lines on the form, a new key", () => {
    const sale = view({
      notRecorded: {
        notice: NOT_RECORDED_NOTICE,
        title: "Electricity",
        lines: [{ label: "Credit", value: "1234", big: true }],
      },
    });
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "not-recorded", sale });
    expect(doing).toEqual(["renew-key"]);
  });

  it("still being sent (another request sends it): on its way and followed, never Not confirmed", () => {
    const sale = view({ status: "pending" });
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "sending", sale });
    expect(doing).toEqual(["follow"]);
  });

  it("paid by card after the till stopped waiting: the form is free (the till's notices say 'Paid, not delivered'), a new key", () => {
    const sale = unknown({ method: "card", paidNotDelivered: true, nextStep: "supervisor" });
    const { stage, doing } = run([{ on: "found", sale }]);
    expect(stage).toEqual(READY);
    expect(doing).toEqual(["renew-key"]);
  });

  it("waiting for a card payment: the card screen (open), the key stays", () => {
    const sale = view({ status: "pending", method: "card", awaitingCard: true });
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: true, data: sale } },
    ]);
    expect(stage).toEqual({ is: "open", sale });
    expect(doing).toEqual([]);
  });

  it("refused (a field, the duplicate guard): the key is freed for the corrected attempt, not renewed", () => {
    const field = run([
      { on: "pressed" },
      {
        on: "answered",
        answer: {
          ok: false,
          error: "Too much.",
          code: "refused",
          fieldErrors: { amount: "Too much." },
        },
      },
    ]);
    expect(field.stage).toEqual({
      is: "refused",
      message: "Too much.",
      fieldErrors: { amount: "Too much." },
    });
    expect(field.doing).toEqual(["free-key"]);
    const duplicate = run([
      { on: "pressed" },
      {
        on: "answered",
        answer: { ok: false, error: "Sold minutes ago.", code: "refused", duplicateOf: view() },
      },
    ]);
    expect(duplicate.stage.is).toBe("duplicate");
    expect(duplicate.doing).toEqual(["free-key"]);
  });

  it("the key belonged to another request: a new key replaces it", () => {
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answered", answer: { ok: false, error: "Key used.", code: KEY_REUSED_CODE } },
    ]);
    expect(stage).toEqual({ is: "key-reused", message: "Key used." });
    expect(doing).toEqual(["replace-key"]);
  });
});

describe("a lost answer, asked of the journal", () => {
  it("asks, then shows what the journal holds under the key", () => {
    const asking = run([{ on: "pressed" }, { on: "answer-lost" }]);
    expect(asking.stage).toEqual({ is: "asking" });
    expect(isOccupied(asking.stage)).toBe(true);
    const sale = unknown();
    expect(run([{ on: "journal", asked: sale }], PURCHASE, asking.stage).stage).toEqual({
      is: "open",
      sale,
    });
  });

  it("still being sent after the asking: on its way, followed, never Not confirmed", () => {
    const sale = view({ status: "pending" });
    const { stage, doing } = run([
      { on: "pressed" },
      { on: "answer-lost" },
      { on: "journal", asked: sale },
    ]);
    expect(stage).toEqual({ is: "sending", sale });
    expect(doing).toEqual(["follow"]);
  });

  it("no sale under the key: nothing was sold, the key is freed, the message names the form's button", () => {
    const bill = run(
      [{ on: "pressed" }, { on: "answer-lost" }, { on: "journal", asked: null }],
      PAY,
    );
    expect(bill.stage.is === "refused" && bill.stage.message).toBe(
      "The sale never reached Kassa, so nothing was sold. Press Pay again.",
    );
    expect(bill.doing).toEqual(["free-key"]);
  });

  it("the journal unreachable: says so with the form's button, and keeps the key as sent", () => {
    const { stage, doing } = run(
      [{ on: "pressed" }, { on: "answer-lost" }, { on: "journal", asked: "unreachable" }],
      PAY,
    );
    expect(stage.is === "refused" && stage.message).toMatch(
      /then press Pay again: it repeats the same sale/,
    );
    expect(stage.is === "refused" && stage.message).not.toMatch(/Purchase/);
    expect(doing).toEqual([]);
  });
});

describe("a sale on its way, followed", () => {
  const sending: SaleStage = { is: "sending", sale: view({ status: "pending" }) };

  it("goes to its slip once the journal says completed: no Not confirmed on the way", () => {
    const sale = view({ tokens: TOKENS });
    const { stage, doing } = run([{ on: "journal", asked: sale }], PURCHASE, sending);
    expect(stage).toEqual({ is: "done", sale });
    expect(doing).toEqual(["renew-key", "remember-unseen", "show-slip"]);
  });

  it("becomes Not confirmed only when the journal says unknown", () => {
    const sale = unknown();
    expect(run([{ on: "journal", asked: sale }], PURCHASE, sending).stage).toEqual({
      is: "open",
      sale,
    });
  });

  it("an unreachable journal while following: still on its way, followed again", () => {
    const { stage, doing } = run([{ on: "journal", asked: "unreachable" }], PURCHASE, sending);
    expect(stage).toBe(sending);
    expect(doing).toEqual(["follow"]);
  });

  it("found on opening the form (a reload during a slow sale): on its way, never Not confirmed", () => {
    const sale = view({ status: "pending" });
    const { stage, doing } = run([{ on: "found", sale }]);
    expect(stage).toEqual({ is: "sending", sale });
    expect(doing).toEqual(["follow"]);
    expect(saleOnForm(stage)).toBe(sale.id);
  });

  it("found settled on opening the form: left to the till's notices, the form stays free", () => {
    expect(run([{ on: "found", sale: view() }]).stage).toEqual(READY);
    expect(run([{ on: "found", sale: view({ status: "failed" }) }]).stage).toEqual(READY);
  });
});

describe("the rest of a sale's life", () => {
  it("Retry answered completed, failed or on its way again: each in its own stage", () => {
    const open: SaleStage = { is: "open", sale: unknown() };
    expect(
      run([{ on: "settled", sale: view({ status: "failed", message: "No." }) }], PURCHASE, open)
        .stage.is,
    ).toBe("refused");
    expect(
      run([{ on: "settled", sale: view({ status: "pending" }) }], PURCHASE, open).stage.is,
    ).toBe("sending");
  });

  it("Next customer frees the form with a new key; the sale stays in History", () => {
    const { stage, doing } = run([{ on: "leave" }], PURCHASE, { is: "open", sale: unknown() });
    expect(stage).toEqual(READY);
    expect(doing).toEqual(["renew-key"]);
  });

  it("a card payment not made: nothing sold, a new key", () => {
    const reason = "The card payment was declined. Nothing was sold.";
    const { stage, doing } = run([{ on: "card-not-paid", reason }]);
    // The reason says it once; the till adds what to do next.
    expect(stage.is === "refused" && stage.message).toBe(
      `${reason} Take cash or try the card again.`,
    );
    expect(doing).toEqual(["renew-key"]);
  });

  it("a card payment that ended without the journal saying how: not confirmed, same key", () => {
    const card = view({ status: "pending", method: "card", awaitingCard: true });
    const { stage, doing } = run([{ on: "card-unconfirmed", message: "No answer." }], PURCHASE, {
      is: "open",
      sale: card,
    });
    expect(stage).toEqual({
      is: "open",
      sale: { ...card, status: "unknown", awaitingCard: false, message: "No answer." },
    });
    expect(doing).toEqual([]);
  });

  it("Kassa updated under the page: waits for the reload; when it cannot reload, says so with the form's button", () => {
    expect(run([{ on: "pressed" }, { on: "outdated", reloading: true }]).stage).toEqual({
      is: "updated",
    });
    const failed = run([{ on: "pressed" }, { on: "outdated", reloading: false }], PAY);
    expect(failed.stage.is === "refused" && failed.stage.message).toBe(
      "Nothing was sold. Reload the page (F5), then press Pay again.",
    );
    expect(failed.doing).toEqual(["forget-resend"]);
  });

  it("a browser error: check History before selling again", () => {
    expect(run([{ on: "pressed" }, { on: "browser-error" }]).stage.is).toBe("refused");
  });
});
