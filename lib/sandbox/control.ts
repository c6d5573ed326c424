/** /__sandbox/...: the test-only control surface (no API key). See docs/sandbox.md for each switch. */
import { z } from "zod";
import { DIALECTS } from "./dialect-names";
import { applyOutcome, SCRIPTABLE, type Outcome } from "./orders";
import type { Txn } from "./state";
import { previousBusinessDay, saIso } from "./time";
import { firstIssue, json, rands, wireCents, type Ctx, type Reply } from "./wire";

const bad = (message: string) => json(400, { ok: false, message });
const done = (extra: Record<string, unknown> = {}) => json(200, { ok: true, ...extra });

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> | Reply {
  const parsed = schema.safeParse(body ?? {});
  return parsed.success ? parsed.data : bad(firstIssue(parsed.error.issues));
}
const isReply = (x: unknown): x is Reply =>
  typeof x === "object" && x !== null && "kind" in x && "status" in x;

export function health(ctx: Ctx): Reply {
  return done({
    service: "kassa-sandbox",
    now: saIso(ctx.state.now()),
    clockOffsetMs: ctx.state.clockOffsetMs,
  });
}

export function reset(ctx: Ctx): Reply {
  ctx.state.reset();
  return done();
}

/** A transaction as GET /__sandbox/transactions lists it (the soak and the tests read these). */
export type ListedTransaction = ReturnType<typeof listed>;

function listed(t: Txn) {
  return {
    id: t.id,
    kind: t.kind,
    path: t.path,
    idempotency: t.idempotency,
    reference: t.reference,
    amount: rands(t.amountCents),
    amountCents: t.amountCents,
    time: saIso(t.timestamp),
    timestamp: t.timestamp,
    receipt: t.receipt,
    proof: t.proof ?? [],
    ...(t.request === undefined ? {} : { request: t.request }),
  };
}

export function listTransactions(ctx: Ctx): Reply {
  return json(200, { transactions: ctx.state.transactions.map(listed) });
}

/**
 * Every API request that reached a route, per path: repeats of one idempotency key are
 * counted (the transaction list merges them), so a test can see a double send.
 */
export function listRequests(ctx: Ctx): Reply {
  return json(200, { requests: Object.fromEntries(ctx.state.requests) });
}

const faultSchema = z.object({
  path: z.string().min(1),
  kind: z.enum(["latency", "timeout", "http500", "malformed", "drop", "refuse"]),
  count: z.number().int().min(1).default(1),
  ms: z.number().int().min(0).max(3_600_000).optional(),
  variant: z.enum(["text", "shape"]).default("text"),
  code: z.number().int().positive().optional(),
});

export function addFault(ctx: Ctx): Reply {
  const f = parse(faultSchema, ctx.body);
  if (isReply(f)) return f;
  // Accept the path with or without /api, as the spec writes paths relative to the base address.
  const path =
    f.path === "*"
      ? "*"
      : `/${f.path.replace(/^\/+/, "").replace(/^api\//i, "")}`.replace(/\/+$/, "");
  const ms = f.ms ?? (f.kind === "timeout" ? 300_000 : f.kind === "latency" ? 500 : 0);
  ctx.state.faults.push({
    path,
    kind: f.kind,
    remaining: f.count,
    ms,
    variant: f.variant,
    code: f.code,
  });
  return listFaults(ctx);
}

export function listFaults(ctx: Ctx): Reply {
  return done({
    faults: ctx.state.faults.map((f) => ({
      path: f.path,
      kind: f.kind,
      remaining: f.remaining,
      ms: f.ms,
      variant: f.variant,
    })),
  });
}

function apiPathOf(path: string): string {
  return path === "*"
    ? "*"
    : `/${path.replace(/^\/+/, "").replace(/^api\//i, "")}`.replace(/\/+$/, "").toLowerCase();
}

const dialectSchema = z.object({ path: z.string().min(1), dialects: z.array(z.enum(DIALECTS)) });

/** POST /__sandbox/dialects {path, dialects}: the dialects that path answers in from now on ([] switches them off). */
export function setDialects(ctx: Ctx): Reply {
  const d = parse(dialectSchema, ctx.body);
  if (isReply(d)) return d;
  const path = apiPathOf(d.path);
  if (d.dialects.length === 0) ctx.state.dialects.delete(path);
  else ctx.state.dialects.set(path, new Set(d.dialects));
  return listDialects(ctx);
}

export function listDialects(ctx: Ctx): Reply {
  return done({
    available: DIALECTS,
    dialects: [...ctx.state.dialects].map(([path, on]) => ({ path, dialects: [...on] })),
  });
}

export function clearDialects(ctx: Ctx): Reply {
  ctx.state.dialects = new Map();
  return listDialects(ctx);
}

export function clearFaults(ctx: Ctx): Reply {
  ctx.state.faults = [];
  return done({ faults: [] });
}

export function setClock(ctx: Ctx): Reply {
  const b = parse(z.object({ offsetMs: z.number().int() }), ctx.body);
  if (isReply(b)) return b;
  ctx.state.clockOffsetMs = b.offsetMs;
  return health(ctx);
}

export function setBalance(ctx: Ctx): Reply {
  const b = parse(z.object({ balance: z.number() }), ctx.body);
  if (isReply(b)) return b;
  const cents = wireCents(b.balance);
  if (cents === null) return bad("balance must be rands with at most two decimals");
  ctx.state.balanceCents = cents;
  return done({ balance: rands(cents) });
}

const refSchema = z.object({ paymentReference: z.string().min(1) });

export function ledgerAdd(ctx: Ctx): Reply {
  const b = parse(
    refSchema.partial().extend({
      amount: z.number().positive(),
      time: z.union([z.string(), z.number()]).optional(),
      status: z.string().default("APPROVED"),
    }),
    ctx.body,
  );
  if (isReply(b)) return b;
  const cents = wireCents(b.amount);
  if (cents === null) return bad("amount must be rands with at most two decimals");
  // By default the stray payment lands at noon of the day the ledger reports now.
  const timestamp =
    b.time === undefined
      ? previousBusinessDay(ctx.state.now()).startMs + 12 * 3_600_000
      : new Date(b.time).getTime();
  if (Number.isNaN(timestamp)) return bad("time must be an ISO date-time or UNIX ms");
  const paymentReference = b.paymentReference ?? `UNKNOWN-${ctx.state.next()}`;
  ctx.state.ledger.extra.push({
    paymentReference,
    amountCents: cents,
    timestamp,
    status: b.status,
  });
  return done({ paymentReference, time: saIso(timestamp) });
}

export function ledgerAmend(ctx: Ctx): Reply {
  const b = parse(refSchema.extend({ amount: z.number().positive() }), ctx.body);
  if (isReply(b)) return b;
  const cents = wireCents(b.amount);
  if (cents === null) return bad("amount must be rands with at most two decimals");
  ctx.state.ledger.amendedCents.set(b.paymentReference, cents);
  return done();
}

export function ledgerHide(ctx: Ctx): Reply {
  const b = parse(refSchema, ctx.body);
  if (isReply(b)) return b;
  ctx.state.ledger.hidden.add(b.paymentReference);
  return done();
}

export function ledgerVerificationError(ctx: Ctx): Reply {
  const b = parse(z.object({ message: z.string().min(1) }), ctx.body);
  if (isReply(b)) return b;
  ctx.state.ledger.verificationErrors.push(b.message);
  return done();
}

/** Test a client against a junk ledger: `businessDate` replaces the day in every ledger answer; null puts it back. */
export function ledgerBusinessDate(ctx: Ctx): Reply {
  const b = parse(z.object({ businessDate: z.string().nullable() }), ctx.body);
  if (isReply(b)) return b;
  ctx.state.ledger.businessDate = b.businessDate ?? undefined;
  return done();
}

function orderSummary(ctx: Ctx, id: string): Reply {
  const order = ctx.state.findOrder(id);
  if (!order) return json(404, { ok: false, message: `Order ${id} not found` });
  return done({
    orderId: order.orderId,
    referredId: order.vendorId,
    state: order.state,
    amount: rands(order.totalCents),
    script: ctx.state.orderScripts.get(order.orderId) ?? [],
  });
}

export function getOrder(ctx: Ctx): Reply {
  return orderSummary(ctx, ctx.params.id ?? "");
}

export function scriptOrder(ctx: Ctx): Reply {
  const order = ctx.state.findOrder(ctx.params.id ?? "");
  if (!order) return json(404, { ok: false, message: `Order ${ctx.params.id} not found` });
  const b = parse(z.object({ statuses: z.array(z.enum(SCRIPTABLE)) }), ctx.body);
  if (isReply(b)) return b;
  ctx.state.orderScripts.set(order.orderId, [...b.statuses]);
  return orderSummary(ctx, order.orderId);
}

export function actOnOrder(ctx: Ctx): Reply {
  const order = ctx.state.findOrder(ctx.params.id ?? "");
  const action = ctx.params.action as Outcome;
  if (!order) return json(404, { ok: false, message: `Order ${ctx.params.id} not found` });
  if (!["open", "pay", "decline", "cancel"].includes(action))
    return bad(`unknown action ${action}`);
  applyOutcome(ctx.state, order, action, `/__sandbox/orders/${action}`);
  const summary = orderSummary(ctx, order.orderId);
  const redirect =
    order.state === "APPROVED"
      ? order.redirectSuccess
      : order.state === "DECLINED" || order.state === "CANCELLED"
        ? order.redirectCancel
        : null;
  return summary.kind === "json" ? json(200, { ...(summary.body as object), redirect }) : summary;
}

const keyChangeSchema = z.object({
  meterNumber: z.string().regex(/^\d{11,13}$/),
  /** true: the meter's vends carry a key change; false: none; null: back to its scenario. */
  pending: z.boolean().nullable(),
});

/** POST /__sandbox/meters/key-change {meterNumber, pending}: a key change starts or ends for a meter. */
export function setKeyChange(ctx: Ctx): Reply {
  const b = parse(keyChangeSchema, ctx.body);
  if (isReply(b)) return b;
  if (b.pending === null) ctx.state.keyChangePending.delete(b.meterNumber);
  else ctx.state.keyChangePending.set(b.meterNumber, b.pending);
  return done({ meterNumber: b.meterNumber, pending: b.pending });
}
