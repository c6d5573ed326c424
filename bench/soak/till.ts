import { signIn, type ActionCall, type Session, type Who } from "../lib/kassa-client";
import { ACTIONS, type ActionRef } from "../lib/actions";
import { MONEY_PATH, sleep, type SaleRecord, type Soak } from "./context";
import {
  METERS,
  type CardBehaviour,
  type KioskSale,
  type PlannedSale,
  type SandboxFault,
} from "./plan";

/** What the till shows of a sale (lib/sales/sale-view.ts), as far as the soak reads it. */
export interface SaleView {
  id: string;
  kind: string;
  status: "pending" | "completed" | "failed" | "unknown";
  method: "cash" | "card";
  amountCents: number;
  message: string | null;
  awaitingCard: boolean;
  retryable: boolean;
  nextStep: string | null;
}

type CardView =
  | { state: "waiting"; paymentPageUrl: string }
  | { state: "sending" }
  | { state: "settled"; sale: { status: string } }
  | { state: "not_paid"; reason: string }
  | { state: "unverified"; reason: string };

const OPENING_FLOAT_CENTS = 50_000;
const DENOMINATIONS = [20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 20, 10];

/** A network failure of the request itself: the instance is down or went down while answering. */
function shiftIdOf(opened: ActionCall): string | null {
  return opened.result?.ok ? ((opened.result.data as { shiftId?: string }).shiftId ?? null) : null;
}

function refused(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  return code === "ECONNREFUSED";
}

/**
 * A till as its browser drives Kassa: one cashier signed in on an enrolled till with a shift
 * open, talking to one instance (and to the other when that one is down), selling each
 * planned sale the way the till's sale hook does: one idempotency key per sale, an answer
 * lost means asking the journal by key, and a sale the journal never got is sent again
 * under the same key.
 */
export class Till {
  private sessions: Session[] = [];
  private at: number;
  expectedCashCents = OPENING_FLOAT_CENTS;
  /** The open shift's id, as the close page sends it; null when the open's answer was lost. */
  private shiftId: string | null = null;
  /** Each close: the shift's counted cash as the till counted it. */
  readonly counted: { cents: number }[] = [];

  constructor(
    readonly soak: Soak,
    readonly name: string,
    readonly who: Who,
    index: number,
  ) {
    this.at = index % soak.world.instances.length;
  }

  async open(): Promise<void> {
    const base = await signIn(this.soak.world.instances[this.at]!.baseUrl, this.who, {
      distDir: this.soak.dist,
    });
    this.sessions = this.soak.world.instances.map((i) => base.on(i.baseUrl));
    const opened = await this.act(ACTIONS.shift("openShiftAction"), { openingFloat: "500" });
    if (!opened.result?.ok && !/already open/i.test(opened.result?.error ?? ""))
      throw new Error(`${this.name}: shift not opened: ${opened.body.slice(0, 200)}`);
    this.shiftId = shiftIdOf(opened);
  }

  private get session(): Session {
    return this.sessions[this.at]!;
  }

  /** The other instance when this one refuses connections (or, alone, wait for its restart). */
  private async failOver(): Promise<void> {
    const n = this.soak.world.instances.length;
    if (n > 1) {
      this.at = (this.at + 1) % n;
      this.soak.counts.failovers += 1;
    }
    await Promise.race([this.soak.world.instances[this.at]!.ready, sleep(60_000)]);
    await sleep(200);
  }

  /**
   * The unpaid notices a fines look-up (the till's or the kiosk's) finds, as the pay action takes
   * them; none: the sale's record says why and the soak counts it as nothing to pay.
   */
  private async unpaidFines(lookUp: ActionRef, lookup: unknown, rec: SaleRecord) {
    const look = await this.act(lookUp, lookup);
    const found = look.result?.data as
      { fines: { noticeNumber: string; grossCents: number | null; isPaid: boolean }[] } | undefined;
    const unpaid = (found?.fines ?? []).filter((f) => !f.isPaid && f.grossCents);
    if (unpaid.length === 0) {
      rec.seen = "nothing to pay";
      rec.notes.push(look.result?.ok ? "no unpaid fines" : `look-up: ${look.result?.error}`);
      this.soak.counts.nothingToPay += 1;
    }
    return unpaid.map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents }));
  }

  /** An action whose repeat is harmless (look-ups, quotes, the card checks): repeated until it answers. */
  async act(action: ActionRef, input: unknown): Promise<ActionCall & { repeated: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const call = await this.soak.call(this.session, action, input);
        const code = (call.result as { code?: string } | undefined)?.code;
        // `repeated`: an earlier attempt's answer was lost, so that attempt may have acted.
        if ((call.result && code !== "database_down") || attempt >= 40)
          return { ...call, repeated: attempt > 1 };
        await sleep(500);
      } catch (error) {
        if (attempt >= 40) throw error;
        if (refused(error)) await this.failOver();
        else await sleep(500);
      }
    }
  }

  /** The journal's sale under this key, as the till's sale hook asks; null when there is none. */
  async byKey(key: string): Promise<SaleView | null | "unreachable"> {
    try {
      // Never a wait without end: an instance that takes the question and then hangs (or
      // dies without resetting the connection) is asked again, as the till's hook does.
      const res = await this.session.fetch(`/api/sales/by-key/${key}`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) return "unreachable";
      return ((await res.json()) as { sale: SaleView | null }).sale;
    } catch (error) {
      if (refused(error)) await this.failOver();
      return "unreachable";
    }
  }

  /** Ask until the sale is no longer being sent (or is waiting for its card), at most `forMs`. */
  async askUntilSettled(key: string, forMs: number): Promise<SaleView | null | "unreachable"> {
    const until = Date.now() + forMs;
    let last: SaleView | null | "unreachable" = "unreachable";
    for (;;) {
      const answer = await this.byKey(key);
      if (answer !== "unreachable") last = answer;
      if (last && last !== "unreachable" && (last.status !== "pending" || last.awaitingCard))
        return last;
      if (Date.now() >= until) return last;
      await sleep(700);
    }
  }

  /**
   * Submit a sale under its key until the journal has it: a lost answer is asked by key; a
   * sale the journal never got, or one still being sent after a while, is submitted again.
   * Returns null when Kassa refused it before recording anything (a check, a refusal).
   */
  private async submit(
    p: { n: string; key: string; loseAnswerAfterMs?: number },
    rec: SaleRecord,
    action: ActionRef,
    input: Record<string, unknown>,
  ): Promise<SaleView | null> {
    let sellAgain = false;
    let lostOnce = false;
    for (let round = 0; round < 8; round++) {
      const controller = new AbortController();
      const timer =
        round === 0 && p.loseAnswerAfterMs !== undefined
          ? setTimeout(() => controller.abort(), p.loseAnswerAfterMs)
          : undefined;
      let call: ActionCall | undefined;
      const instance = this.at;
      this.soak.wire(instance, p.n, true);
      try {
        call = await this.soak.call(
          this.session,
          action,
          { ...input, idempotencyKey: p.key, ...(sellAgain ? { sellAgain: true } : {}) },
          controller.signal,
        );
      } catch (error) {
        if (refused(error)) {
          // Nothing reached Kassa: the same request again on a live instance.
          this.soak.wire(instance, p.n, false);
          await this.failOver();
          continue;
        }
      } finally {
        clearTimeout(timer);
        this.soak.wire(instance, p.n, false);
      }
      const result = call?.result as
        { ok: boolean; data?: unknown; error?: string; code?: string } | undefined;
      if (result?.ok) {
        if (lostOnce) rec.path = "answered after a lost answer";
        return result.data as SaleView;
      }
      if (result && result.code === "duplicate") {
        // The cashier answers "Sell again?" with yes: the customer wants a second one.
        sellAgain = true;
        this.soak.counts.duplicateConfirmed += 1;
        rec.notes.push("duplicate guard asked; sold again");
        continue;
      }
      if (result && result.code !== "database_down" && result.code !== "server_error") {
        rec.seen = "refused";
        rec.notes.push(`refused before recording: ${result.error}`);
        return null;
      }
      // The answer is lost (aborted, the connection broke, the server could not answer).
      lostOnce = true;
      this.soak.counts.lostAnswers += 1;
      const known = await this.askUntilSettled(p.key, 20_000);
      if (known && known !== "unreachable" && (known.status !== "pending" || known.awaitingCard)) {
        rec.path = "asked by key after a lost answer";
        return known;
      }
      this.soak.counts.resubmits += 1;
      rec.notes.push(
        known === null ? "not in the journal: submitted again" : "still pending: submitted again",
      );
    }
    const last = await this.askUntilSettled(p.key, 60_000);
    return last && last !== "unreachable" ? last : null;
  }

  /** The card payment at the counter, the customer doing what the plan says. */
  private async cardFlow(
    rec: SaleRecord,
    view: SaleView,
    behaviour: CardBehaviour,
  ): Promise<SaleView> {
    const started = await this.act(ACTIONS.card("startCardPaymentAction"), { saleId: view.id });
    const first = started.result?.data as CardView | undefined;
    if (first?.state === "waiting") {
      const orderId = first.paymentPageUrl.split("/").pop()!;
      const customer = (what: string) =>
        this.soak.world.sandboxControl(`orders/${orderId}/${what}`, {}).catch(() => null);
      await customer("open");
      if (behaviour === "pay" || behaviour === "pay_twice") await customer("pay");
      if (behaviour === "pay_twice") await customer("pay");
      if (behaviour === "decline") await customer("decline");
      if (behaviour === "cancel") await customer("cancel");
      let state: CardView | undefined = first;
      const seen: string[] = ["waiting"];
      for (
        let poll = 0;
        poll < 40 && (state?.state === "waiting" || state?.state === "sending");
        poll++
      ) {
        if (behaviour === "pay_late" && poll === 2) break;
        await sleep(500);
        const polled = await this.act(ACTIONS.card("pollCardPaymentAction"), { saleId: view.id });
        state = polled.result?.data as CardView | undefined;
        seen.push(
          state
            ? state.state + ("reason" in state ? ` (${state.reason})` : "")
            : `error ${polled.result?.error ?? polled.status}`,
        );
      }
      rec.notes.push(`card: ${[...new Set(seen)].join(" → ")}`);
      if (state?.state === "waiting") {
        // The till stops waiting: its last check decides.
        await this.act(ACTIONS.card("cancelCardPaymentAction"), { saleId: view.id });
        if (behaviour === "pay_late") {
          await customer("pay");
          rec.notes.push("customer paid after the till stopped waiting");
        }
      }
    }
    const known = await this.askUntilSettled(rec.key, 30_000);
    return known && known !== "unreachable" ? known : view;
  }

  async sell(p: PlannedSale): Promise<void> {
    const soak = this.soak;
    const n = `T${p.till + 1}#${p.n}`;
    const journalKind =
      p.kind === "electricity" || p.kind === "bill" || p.kind === "fines" ? p.kind : "vas";
    const rec: SaleRecord = {
      n,
      key: p.key,
      kind: p.electricity
        ? `electricity ${METERS.find((m) => m.meter === p.electricity!.meter)?.scenario ?? ""}${p.electricity.amount === 0 ? " at R 0" : ""}`
        : p.fines
          ? `fines by ${p.fines.kind}`
          : p.kind,
      method: p.method,
      who: this.name,
      saleId: null,
      seen: "not tried",
      path: "answered",
      card: p.card,
      fault: p.fault ? faultLabel(p.fault) : undefined,
      notes: [],
    };
    soak.records.set(p.key, rec);
    soak.counts.salesTried += 1;
    let action: ActionRef;
    let input: Record<string, unknown>;
    if (p.electricity) {
      action = ACTIONS.electricity("purchaseElectricityAction");
      input = {
        meterNumber: p.electricity.meter,
        municipality: p.electricity.municipality,
        amount: String(p.electricity.amount),
        method: p.method,
      };
    } else if (p.bill) {
      action = ACTIONS.bills("payBillAction");
      input = {
        accountNumber: p.bill.account,
        municipality: p.bill.municipality,
        amount: p.bill.amount,
        method: p.method,
      };
    } else if (p.fines) {
      const fines = await this.unpaidFines(ACTIONS.fines("lookUpFinesAction"), p.fines, rec);
      if (fines.length === 0) return;
      action = ACTIONS.fines("payFinesAction");
      input = { lookupKind: p.fines.kind, lookupValue: p.fines.value, method: p.method, fines };
    } else {
      const quote = await this.act(ACTIONS.vas("getVasQuoteAction"), {
        productId: p.vas!.productId,
        mobileNumber: p.vas!.mobile,
        amount: p.vas!.amount,
      });
      const token = (quote.result?.data as { token?: string } | undefined)?.token;
      if (!token) {
        rec.seen = "refused";
        rec.notes.push(`quote: ${quote.result?.error ?? quote.status}`);
        soak.counts.refusedBeforeRecording += 1;
        return;
      }
      action = ACTIONS.vas("purchaseVasAction");
      input = { quoteToken: token, method: p.method };
    }
    const doing = (what: string) => soak.activity.set(this.name, `${n} ${rec.kind}: ${what}`);
    const run = async () => {
      doing("submitting");
      let view = await this.submit({ ...p, n }, rec, action, input);
      if (!view) {
        soak.counts.refusedBeforeRecording += 1;
        return;
      }
      rec.saleId = view.id;
      doing(`answered ${view.status}`);
      if (view.awaitingCard && p.card) view = await this.cardFlow(rec, view, p.card);
      if (view.status === "unknown" && view.retryable && p.cashierRetries) {
        const retried = await this.act(ACTIONS.sale("retrySaleAction"), { saleId: view.id });
        const after = retried.result?.data as SaleView | undefined;
        rec.notes.push(`cashier pressed Retry: ${after?.status ?? retried.result?.error}`);
        if (after) {
          view = after;
          rec.path = "cashier retry";
        }
      }
      rec.seen = view.status;
      if (view.status === "completed" && view.method === "cash")
        this.expectedCashCents += view.amountCents;
    };
    const moneyPath = MONEY_PATH[journalKind]!;
    doing(`waiting for ${moneyPath}${p.fault ? " (alone, with a fault)" : ""}`);
    if (p.fault) {
      await soak.gate.exclusive(moneyPath, async () => {
        await injectFault(soak, moneyPath, p.fault!);
        try {
          await run();
        } finally {
          const left = await soak.world
            .sandboxControl<{ faults: { remaining: number }[] }>("faults")
            .catch(() => ({ faults: [] }));
          const met = left.faults.length === 0;
          if (!met) await soak.world.sandboxControl("faults", undefined, "DELETE").catch(() => {});
          soak.fault(`${rec.fault}${met ? "" : " (not reached: sale ended before its call)"}`, [n]);
        }
      });
    } else {
      await soak.gate.read(moneyPath, run);
    }
    doing(`after the sale: ${p.then.join(", ") || "nothing"}`);
    for (const step of p.then) await this.after(step, rec);
    doing("done");
  }

  private async after(step: "drop" | "reprint" | "close", rec: SaleRecord): Promise<void> {
    if (step === "reprint" && rec.seen === "completed" && rec.saleId) {
      const res = await this.session.fetch(`/slips/${rec.saleId}?reprint=1`).catch(() => null);
      if (res?.ok) this.soak.counts.reprints += 1;
    }
    if (step === "drop" && this.expectedCashCents > 20_000) {
      const cents = Math.floor(this.expectedCashCents / 2 / 10_000) * 10_000;
      if (cents <= 0) return;
      const dropped = await this.act(ACTIONS.cash("recordCashMovementAction"), {
        kind: "drop",
        amount: String(cents / 100),
        reason: "Cash drop to the safe",
      });
      if (dropped.result?.ok) {
        this.expectedCashCents -= cents;
        this.soak.counts.cashDrops += 1;
      }
    }
    if (step === "close") await this.closeShift(true);
  }

  /** Close the shift with a count of what the till believes is in the drawer, and (optionally) open the next. */
  async closeShift(reopen: boolean): Promise<void> {
    const counts: Record<string, string> = {};
    let left = this.expectedCashCents;
    for (const d of DENOMINATIONS) {
      const k = Math.floor(left / d);
      if (k > 0) counts[String(d)] = String(k);
      left -= k * d;
    }
    // act() repeats a close whose answer was lost (a kill, a database cut). With the shift's id,
    // as the close page sends it, the repeat gets the Z report of the close that went through;
    // without it (the open's own answer was lost), the repeat finds no shift open.
    const closed = await this.act(ACTIONS.shift("closeShiftAction"), {
      ...(this.shiftId ? { shiftId: this.shiftId } : {}),
      counts,
    });
    const closedUnseen =
      !this.shiftId &&
      !closed.result?.ok &&
      /no shift open/i.test(closed.result?.error ?? "") &&
      closed.repeated;
    if (closed.result?.ok || closedUnseen) {
      this.counted.push({ cents: this.expectedCashCents - left });
      this.soak.counts.shiftsClosed += 1;
    } else {
      this.soak.log(`${this.name}: close refused: ${closed.result?.error ?? closed.status}`);
    }
    if (!reopen) return;
    const opened = await this.act(ACTIONS.shift("openShiftAction"), { openingFloat: "500" });
    this.shiftId = shiftIdOf(opened);
    if (opened.result?.ok) this.expectedCashCents = OPENING_FLOAT_CENTS;
  }

  /** The kiosk: a customer looks fines up, pays by card in their browser, the return page checks. */
  async kioskSale(k: KioskSale): Promise<void> {
    const soak = this.soak;
    const rec: SaleRecord = {
      n: `K#${k.n}`,
      key: k.key,
      kind: `kiosk fines by ${k.lookup.kind}`,
      method: "card",
      who: this.name,
      saleId: null,
      seen: "not tried",
      path: "kiosk",
      card: k.card,
      notes: [],
    };
    soak.records.set(k.key, rec);
    soak.counts.salesTried += 1;
    const fines = await this.unpaidFines(ACTIONS.kiosk("kioskLookUpAction"), k.lookup, rec);
    if (fines.length === 0) return;
    const paid = await this.act(ACTIONS.kiosk("kioskPayFinesAction"), {
      kind: k.lookup.kind,
      value: k.lookup.value,
      idempotencyKey: k.key,
      fines,
    });
    const start = paid.result?.data as { saleId: string; paymentPageUrl: string } | undefined;
    if (!start) {
      rec.seen = "refused";
      rec.notes.push(`kiosk pay: ${paid.result?.error ?? paid.status}`);
      soak.counts.refusedBeforeRecording += 1;
      return;
    }
    rec.saleId = start.saleId;
    const orderId = start.paymentPageUrl.split("/").pop()!;
    const customer = (what: string) =>
      soak.world.sandboxControl(`orders/${orderId}/${what}`, {}).catch(() => null);
    await customer("open");
    if (k.card === "pay" || k.card === "pay_twice") await customer("pay");
    if (k.card === "pay_twice") await customer("pay");
    if (k.card === "decline") await customer("decline");
    if (k.card === "cancel") await customer("cancel");
    let outcome = "waiting";
    for (let i = 0; i < 30 && outcome === "waiting"; i++) {
      const done = await this.act(ACTIONS.kioskPay("finishKioskCardPaymentAction"), {
        saleId: start.saleId,
        final: i === 29,
      });
      outcome = (done.result?.data as { is?: string } | undefined)?.is ?? "error";
      if (outcome === "waiting") await sleep(500);
    }
    rec.seen = outcome === "receipt" || outcome === "finished" ? "completed" : outcome;
  }
}

export function faultLabel(f: SandboxFault): string {
  if (f.kind === "latency") return `latency ${f.ms} ms`;
  if (f.kind === "malformed") return `malformed (${f.variant})`;
  if (f.kind === "refuse_after_drop") return "drop, then refusal of the repeat";
  return f.kind;
}

async function injectFault(soak: Soak, path: string, f: SandboxFault): Promise<void> {
  const add = (body: Record<string, unknown>) =>
    soak.world.sandboxControl("faults", { path, ...body });
  if (f.kind === "latency") await add({ kind: "latency", ms: f.ms });
  else if (f.kind === "timeout") await add({ kind: "timeout", ms: 30_000 });
  else if (f.kind === "malformed") await add({ kind: "malformed", variant: f.variant });
  else if (f.kind === "refuse_after_drop") {
    await add({ kind: "drop" });
    await add({ kind: "refuse", code: 1005 });
  } else await add({ kind: f.kind });
}
