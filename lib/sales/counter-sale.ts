import "server-only";
import type { Sale, SaleKind, PaymentMethod } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { ActionError } from "@/lib/auth/action";
import type { Staff } from "@/lib/auth/staff";
import { requireOpenShift } from "@/lib/shifts/current";
import type { Cents } from "@/lib/money";
import { findSale, findSaleByKey, IDEMPOTENT_KINDS, recordSale } from "./journal";
import { sendSale } from "./send";
import type { SaleView } from "./sale-view";

export function saleViewOf(sale: Sale): SaleView {
  return {
    id: sale.id,
    kind: sale.kind,
    status: sale.status,
    method: sale.method,
    amountCents: sale.amountCents,
    reference: sale.reference,
    message: sale.error?.message ?? null,
    awaitingCard: sale.method === "card" && sale.status === "pending" && sale.attempts === 0,
    retryable: sale.status === "unknown" && IDEMPOTENT_KINDS.includes(sale.kind) && sale.attempts > 0,
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A sale another request is sending (a double click, a resubmit after a reload): wait for
 * its answer instead of sending again. Gives up after `limitMs` and returns it as it stands.
 */
export async function waitWhileSending(sale: Sale, limitMs = 30_000): Promise<Sale> {
  let current = sale;
  const until = Date.now() + limitMs;
  while (current.status === "pending" && current.attempts > 0 && Date.now() < until) {
    await sleep(200);
    current = (await findSale(current.id)) ?? current;
  }
  return current;
}

/** A cashier may only see and resolve their own sales from the till. */
export function assertOwnSale(sale: Sale | undefined, staff: Staff): Sale {
  if (!sale || sale.userId !== staff.userId) throw new ActionError("This sale is not one of yours.");
  return sale;
}

/** Continue a sale that already exists under this key: never a second sale, only its answer. */
async function continueSale(sale: Sale, staff: Staff): Promise<SaleView> {
  if (sale.status === "pending" && sale.attempts === 0 && sale.method === "cash") {
    return sendAndWait(sale, staff);
  }
  return saleViewOf(await waitWhileSending(sale));
}

export interface CounterSale {
  idempotencyKey: string;
  kind: SaleKind;
  method: PaymentMethod;
  reference: string;
  request: Record<string, unknown>;
  /** Checks (a fresh confirm, the range) and the amount; runs only for a key never seen before. */
  prepare: () => Promise<{ amountCents: Cents; request: Record<string, unknown> }>;
}

/**
 * One counter sale on the journal: an existing key returns its sale's answer; a new key is
 * checked, recorded pending, then sent (cash) or left for the card payment (card).
 */
export async function sellAtCounter(staff: Staff, input: CounterSale): Promise<SaleView> {
  const shift = await requireOpenShift(staff);
  const existing = await findSaleByKey(input.idempotencyKey);
  if (existing) return continueSale(assertOwnSale(existing, staff), staff);
  const { amountCents, request } = await input.prepare();
  const { sale, existing: raced } = await recordSale({
    idempotencyKey: input.idempotencyKey,
    kind: input.kind,
    method: input.method,
    amountCents,
    reference: input.reference,
    request: { ...input.request, ...request },
    userId: staff.userId,
    tillId: staff.till.id,
    shiftId: shift?.id ?? null,
  });
  if (raced) return continueSale(sale, staff);
  await audit(actorOf(staff), "sale_recorded", sale.id, { kind: sale.kind, method: sale.method, amountCents, reference: sale.reference });
  if (sale.method === "card") return saleViewOf(sale);
  return sendAndWait(sale, staff);
}

/**
 * Send a cash sale. Whoever loses the claim (a double click, another instance that got
 * the same key first) gets the row still being sent: it waits for the winner's answer.
 */
async function sendAndWait(sale: Sale, staff: Staff): Promise<SaleView> {
  return saleViewOf(await waitWhileSending(await sendSale(sale.id, "first", actorOf(staff))));
}

/** Repeat an unknown electricity or bill sale under its own key; anything else waits for a supervisor. */
export async function retryUnknownSale(staff: Staff, saleId: string): Promise<SaleView> {
  const sale = assertOwnSale(await findSale(saleId), staff);
  if (sale.status === "pending") return continueSale(sale, staff);
  if (sale.status !== "unknown") return saleViewOf(sale);
  if (!IDEMPOTENT_KINDS.includes(sale.kind)) throw new ActionError("Only a supervisor can resolve this sale.");
  // Never sent upstream (a card payment that could not be verified): retrying would sell unpaid.
  if (sale.attempts === 0) throw new ActionError("This sale was never sent: its card payment is not verified. A supervisor resolves it.");
  return saleViewOf(await sendSale(sale.id, "retry", actorOf(staff)));
}
