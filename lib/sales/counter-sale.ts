import "server-only";
import type { PaymentMethod, SaleKind } from "@/lib/db/schema";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/errors";
import type { Staff } from "@/lib/auth/staff";
import { countRoundTrips } from "@/lib/db/round-trips";
import { PROCESS_TAG } from "@/lib/db/presence";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics";
import { longestCallMs } from "@/lib/env-schema";
import type { Cents } from "@/lib/money";
import { formatRand } from "@/lib/money";
import { admitSale } from "@/lib/lifecycle";
import { fingerprintOf, KEY_REUSED_CODE, KEY_REUSED_MESSAGE } from "./fingerprint";
import { findSale, readSaleStart, recordSale } from "./journal";
import { kindOf } from "@/lib/kinds";
import { describeSale } from "@/lib/kinds/meta";
import { slipModelOf } from "@/lib/kinds/slips";
import { plainSlip } from "@/lib/slip/plain";
import {
  refuseWhileStopping,
  resendIfSenderGone,
  sendClaimedSale,
  sendSale,
  type SentSale,
} from "./send";
import { NOT_RECORDED_NOTICE, type SaleView } from "./sale-view";
import type { SlipToken } from "@/lib/slip/tokens";

export function saleViewOf(sale: SentSale): SaleView {
  const kind = kindOf(sale.kind);
  const unknown = sale.status === "unknown";
  // An unknown sale never sent (a card payment not verified) is always a supervisor's.
  const nextStep = !unknown ? null : sale.attempts === 0 ? "supervisor" : kind.unknownStep;
  // What the printer would have printed, as plain lines: the cashier keeps it until the spool is taken in.
  const slip =
    sale.notRecorded && sale.status === "completed" ? plainSlip(slipModelOf(sale, env())) : null;
  return {
    id: sale.id,
    kind: sale.kind,
    status: sale.status,
    method: sale.method,
    amountCents: sale.amountCents,
    reference: sale.reference,
    what: kind.describe(sale),
    message: sale.error?.message ?? null,
    awaitingCard: sale.method === "card" && sale.status === "pending" && sale.attempts === 0,
    retryable: nextStep === "retry",
    nextStep,
    paidNotDelivered:
      unknown &&
      sale.attempts === 0 &&
      !sale.resolvedAt &&
      sale.error?.kind === "card_paid_not_delivered",
    createdAt: sale.createdAt.toISOString(),
    seen: sale.slipSeenAt !== null && sale.slipSeenAt !== undefined,
    notRecorded: sale.notRecorded
      ? { notice: NOT_RECORDED_NOTICE, title: slip?.title ?? kind.label, lines: slip?.lines ?? [] }
      : null,
    ...(sale.kind === "electricity" && sale.status === "completed" && !sale.notRecorded
      ? { tokens: tokensOf(sale.result) }
      : {}),
  };
}

/** The tokens in an electricity sale's result, as it was recorded (lib/kinds/electricity/slip-data.ts). */
function tokensOf(result: unknown): readonly SlipToken[] | undefined {
  const tokens = (result as { tokens?: unknown } | null)?.tokens;
  return Array.isArray(tokens) ? (tokens as SlipToken[]) : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A sale another request is sending (a double click, a resubmit after a reload): wait for
 * its answer instead of sending again, at most as long as any send can take.
 */
export async function waitWhileSending(
  sale: SentSale,
  limitMs = longestCallMs(env()),
): Promise<SentSale> {
  let current = sale;
  const until = Date.now() + limitMs;
  while (current.status === "pending" && current.attempts > 0 && Date.now() < until) {
    await sleep(200);
    current = (await findSale(current.id)) ?? current;
  }
  return current;
}

/** A cashier may only see and resolve their own sales from the till. */
export function assertOwnSale(sale: SentSale | undefined, staff: Staff): SentSale {
  if (!sale || sale.userId !== staff.userId)
    throw new ActionError("This sale is not one of yours.");
  return sale;
}

/** Continue a sale that already exists under this key: never a second sale, only its answer. */
async function continueSale(sale: SentSale, staff: Staff): Promise<SaleView> {
  if (sale.status === "pending" && sale.attempts === 0 && sale.method === "cash") {
    return sendAndWait(sale, staff);
  }
  const resent = await resendIfSenderGone(sale, actorOf(staff));
  if (resent) return settledView(resent);
  return saleViewOf(await waitWhileSending(sale));
}

export interface CounterSale {
  idempotencyKey: string;
  /** The cashier answered "Sell again?" with yes. */
  sellAgain?: boolean;
  kind: SaleKind;
  method: PaymentMethod;
  /** Meter, account, notice numbers sorted, "<product> <recipient>": searchable and part of the fingerprint. */
  reference: string;
  /** The amount the cashier asked for, in cents, before any check: part of the fingerprint and the guard. */
  amountCents: Cents;
  /** Municipality, where there is one (fingerprint). */
  place?: string;
  /**
   * False when the sale names no customer (a voucher without a mobile number): two customers
   * buying the same gift card is an ordinary queue, not a repeat, so the guard does not ask.
   */
  namesCustomer?: boolean;
  /**
   * Checks (a fresh confirm, the range, the registry's validation) and the request the
   * journal stores (the kind's one request schema); runs only for a key never seen before.
   */
  prepare: () => Promise<{ request: Record<string, unknown> }>;
}

/** No counter sale without the cashier's own open shift at the till (kiosk sales have none). */
const NO_SHIFT_MESSAGE = "Open a shift before selling.";

/** The sale under this key, if its request is this one; a different request is refused. */
function sameRequestOrRefuse(sale: SentSale, fingerprint: string): SentSale {
  if (sale.fingerprint !== null && sale.fingerprint !== fingerprint)
    throw new ActionError(KEY_REUSED_MESSAGE, undefined, { code: KEY_REUSED_CODE });
  return sale;
}

/** The duplicate-sale guard asks only for a counter sale the cashier did not confirm ("Sell again"). */
function guardOf(staff: Staff, input: CounterSale) {
  const windowMs = env().duplicateWindowMs;
  // A kiosk has no one to ask, and its fines are guarded by the unsettled-notice check.
  if (input.sellAgain || windowMs === 0 || staff.role === "kiosk" || input.namesCustomer === false)
    return undefined;
  return {
    kind: input.kind,
    reference: input.reference,
    amountCents: input.amountCents,
    userId: staff.userId,
    since: new Date(Date.now() - windowMs),
  };
}

/** The same thing for the same amount moments ago: refused with that sale, for the form's "Sell again?". */
function refuseDuplicate(input: CounterSale, earlier: SentSale): never {
  const minutes = Math.max(1, Math.round((Date.now() - earlier.createdAt.getTime()) / 60_000));
  // Only the fact: the form's "Sell again?" shows the earlier sale and says when to sell it
  // again, so the message must not say that a second time.
  throw new ActionError(
    `The same sale (${describeSale(input.kind, input.reference)}, ${formatRand(input.amountCents)}) was made ${minutes === 1 ? "about a minute" : `${minutes} minutes`} ago at this till or by you.`,
    undefined,
    { duplicateOf: saleViewOf(earlier), code: "duplicate" },
  );
}

/**
 * The one sale path for every kind, at the counter and at the kiosk. The key decides: a
 * key seen before with the same request returns its own sale's answer; with a different
 * request it is refused. A new key passes the duplicate-sale guard and the kind's checks,
 * is recorded pending, then sent (cash) or left for the card payment (card). While Kassa
 * stops, a new sale is refused before its checks: nothing recorded, nothing sent.
 */
export async function sell(staff: Staff, input: CounterSale): Promise<SaleView> {
  const { result, counts } = await countRoundTrips(() => sellAndSettle(staff, input));
  metrics().roundTripsPerSale.observe({ kind: input.kind }, counts.roundTrips);
  return result;
}

/** Said next to the payment method when a sale of R 0 (free basic electricity) is paid by card. */
const NOTHING_TO_CHARGE =
  "There is nothing to pay by card for R 0 (free basic electricity only): choose Cash.";

async function sellAndSettle(staff: Staff, input: CounterSale): Promise<SaleView> {
  // A card order for nothing fails at the core service after the sale is recorded: refuse first.
  if (input.method === "card" && input.amountCents <= 0)
    throw new ActionError(NOTHING_TO_CHARGE, "method");
  const fingerprint = fingerprintOf({
    kind: input.kind,
    method: input.method,
    amountCents: input.amountCents,
    reference: input.reference,
    place: input.place,
  });
  // One round trip: the open shift, the key's sale, and the guard's question.
  const start = await readSaleStart({
    tillId: staff.till.id,
    userId: staff.userId,
    idempotencyKey: input.idempotencyKey,
    guard: guardOf(staff, input),
  });
  if (staff.role !== "kiosk" && !start.shiftId) throw new ActionError(NO_SHIFT_MESSAGE);
  if (start.existing)
    return continueSale(
      sameRequestOrRefuse(assertOwnSale(start.existing, staff), fingerprint),
      staff,
    );
  // An unconfirmed earlier fines sale is refused by the fines' own check (prepare), which says
  // what to do about it; "Sell again" would be the wrong question.
  const checkedByKind =
    start.duplicate?.status === "unknown" && kindOf(input.kind).unknownStep === "recheck_registry";
  if (start.duplicate && !checkedByKind) refuseDuplicate(input, start.duplicate);
  return admitSale(
    () => recordAndSend(staff, input, start.shiftId, fingerprint),
    refuseWhileStopping,
  );
}

/** A new key's sale: the kind's checks, recorded pending, then sent (cash) or left for the card. */
async function recordAndSend(
  staff: Staff,
  input: CounterSale,
  shiftId: string | null,
  fingerprint: string,
): Promise<SaleView> {
  const { request } = await input.prepare();
  const { sale, existing: raced } = await recordSale(
    {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      method: input.method,
      amountCents: input.amountCents,
      reference: input.reference,
      request,
      userId: staff.userId,
      tillId: staff.till.id,
      shiftId,
      fingerprint,
    },
    {
      actor: actorOf(staff),
      detail: {
        method: input.method,
        reference: input.reference,
        sellAgain: input.sellAgain === true,
        // Which process sends it: another instance may take it over if this one dies.
        sender: PROCESS_TAG,
      },
    },
    // Cash is sent at once: the row is recorded with its first attempt taken, so no other
    // request (a double click, another instance) can send it too. Card waits for the payment.
    { claimed: input.method === "cash" },
  );
  if (raced)
    return continueSale(sameRequestOrRefuse(assertOwnSale(sale, staff), fingerprint), staff);
  if (sale.method === "card") return saleViewOf(sale);
  return settledView(await sendClaimedSale(sale, actorOf(staff)));
}

/**
 * Send a cash sale. Whoever loses the claim (a double click, another instance that got
 * the same key first) gets the row still being sent: it waits for the winner's answer.
 */
async function sendAndWait(sale: SentSale, staff: Staff): Promise<SaleView> {
  return settledView(await sendSale(sale.id, "first", actorOf(staff)));
}

/** The view of a sale just sent, or of the row another request is still sending. */
async function settledView(sent: SentSale): Promise<SaleView> {
  return saleViewOf(sent.notRecorded ? sent : await waitWhileSending(sent));
}

/**
 * The cashier's retry, from the till: their own unknown sale of a repeatable kind, sent again
 * under its own key and answered as the till's view; anything else waits for a supervisor,
 * whose retry (retryToResolve in lib/office/resolve.ts) also records the resolution.
 */
export async function retryOwnSale(staff: Staff, saleId: string): Promise<SaleView> {
  const sale = assertOwnSale(await findSale(saleId), staff);
  if (sale.status === "pending") return continueSale(sale, staff);
  if (sale.status !== "unknown") return saleViewOf(sale);
  if (!kindOf(sale.kind).repeatable)
    throw new ActionError("This sale cannot be sent again: a supervisor resolves it.");
  // Never sent upstream (a card payment that could not be verified): retrying would sell unpaid.
  if (sale.attempts === 0)
    throw new ActionError(
      "This sale was never sent: its card payment is not verified. A supervisor resolves it.",
    );
  return saleViewOf(await sendSale(sale.id, "retry", actorOf(staff)));
}
