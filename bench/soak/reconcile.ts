import type { Query } from "./world";
import type { SandboxTxn } from "./supervisor";

/**
 * The end of the day, to the cent: the journal (read directly) against what the core service
 * executed (the sandbox's transaction list) and its merchant balance. Every check that fails
 * is a discrepancy; sales that end without a full record for a known reason are listed with it.
 */
export interface Reconciliation {
  discrepancies: string[];
  explained: string[];
  journal: {
    sales: number;
    byStatus: Record<string, number>;
    completedByKind: Record<string, number>;
    completedCents: number;
  };
  executed: {
    transactions: number;
    byKind: Record<string, number>;
    cents: number;
    cardPayments: number;
  };
  balance: { startCents: number; endCents: number; movedCents: number };
  card: { paid: number; delivered: number; refunded: number };
  shifts: { closed: number; checked: number };
  audit: { events: number; salesChecked: number };
}

interface SaleRow {
  id: string;
  idempotency_key: string;
  kind: string;
  status: string;
  method: string;
  amount_cents: number;
  reference: string;
  result: Record<string, unknown> | null;
  error: { kind?: string; message?: string } | null;
  attempts: number;
  shift_id: string | null;
  settled_at: string | Date | null;
  resolved_at: string | Date | null;
  resolution_note: string | null;
}

const count = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
const time = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());
const json = <T>(v: unknown): T => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

/** The tokens, PIN and serial a completed sale's result holds (what the customer was given). */
function proofOf(kind: string, result: Record<string, unknown>): string[] {
  if (kind === "electricity")
    return ((result.tokens as { digits: string }[] | undefined) ?? []).map((t) => t.digits);
  if (kind === "vas")
    return [result.pin, result.serialNumber].filter((v): v is string => typeof v === "string");
  return [];
}

function receiptOf(kind: string, result: Record<string, unknown>): unknown {
  if (kind === "bill") return result.receiptUrl;
  if (kind === "fines") return result.orderId;
  return result.receiptNumber;
}

export async function reconcile(
  query: Query,
  transactions: SandboxTxn[],
  balance: { startCents: number; endCents: number },
  counted: Map<string, number[]>,
): Promise<Reconciliation> {
  const discrepancies: string[] = [];
  const explained: string[] = [];
  const sales = (await query("select * from sales")).map((r) => ({
    ...(r as unknown as SaleRow),
    result: json<Record<string, unknown> | null>(r.result),
    error: json<SaleRow["error"]>(r.error),
  }));
  const byId = new Map(sales.map((s) => [s.id, s]));
  const byKey = new Map(sales.map((s) => [s.idempotency_key, s]));
  const byStatus: Record<string, number> = {};
  const completedByKind: Record<string, number> = {};
  let completedCents = 0;
  for (const s of sales) {
    count(byStatus, s.status);
    if (s.status === "completed") {
      count(completedByKind, `${s.kind}/${s.method}`);
      completedCents += s.amount_cents;
    }
  }

  // 1. Every transaction the core service executed is exactly one completed sale, alike in every respect.
  const money = transactions.filter((t) => t.kind !== "card_payment");
  const executedFor = new Map<string, SandboxTxn[]>();
  const byKind: Record<string, number> = {};
  for (const t of money) {
    count(byKind, t.kind);
    const sale =
      t.kind === "electricity" || t.kind === "bill"
        ? byKey.get(t.idempotency ?? "")
        : byId.get(t.reference);
    if (!sale) {
      discrepancies.push(
        `${t.id} (${t.kind} ${t.amountCents}c) executed, but no sale in the journal`,
      );
      continue;
    }
    executedFor.set(sale.id, [...(executedFor.get(sale.id) ?? []), t]);
    const what = `${t.id} → sale ${sale.id} (${sale.kind})`;
    if (sale.status !== "completed")
      discrepancies.push(`${what}: executed, but the journal says ${sale.status}`);
    if (sale.kind !== t.kind) discrepancies.push(`${what}: executed as ${t.kind}`);
    if (sale.amount_cents !== t.amountCents)
      discrepancies.push(`${what}: journal ${sale.amount_cents}c, executed ${t.amountCents}c`);
    if (sale.status !== "completed") continue;
    if (!sale.result) {
      explained.push(
        `${what}: completed by a supervisor from the core service's records; ${
          t.proof.length ? "its PIN/tokens are only in those records" : "no result kept"
        } (${sale.resolution_note ?? ""})`,
      );
      continue;
    }
    const proof = proofOf(sale.kind, sale.result);
    if ([...proof].sort().join() !== [...t.proof].sort().join())
      discrepancies.push(
        `${what}: tokens/PIN differ (journal ${proof.join(" ")}; executed ${t.proof.join(" ")})`,
      );
    const receipt = receiptOf(sale.kind, sale.result);
    if (receipt !== t.receipt)
      discrepancies.push(`${what}: receipt ${String(receipt)} ≠ executed ${t.receipt}`);
  }
  for (const [saleId, list] of executedFor)
    if (list.length > 1)
      discrepancies.push(
        `sale ${saleId} executed ${list.length} times: ${list.map((t) => t.id).join(", ")}`,
      );

  // 2. No completed sale lacks its executed transaction; nothing is left open.
  for (const s of sales) {
    if (s.status === "completed" && !executedFor.has(s.id))
      discrepancies.push(
        `sale ${s.id} (${s.kind} ${s.amount_cents}c) completed, but the core service executed nothing`,
      );
    if (s.status === "pending" || (s.status === "unknown" && !s.resolved_at))
      discrepancies.push(
        `sale ${s.id} (${s.kind}, ${s.method}) left ${s.status}: ${s.error?.message ?? "no message"}`,
      );
  }

  // 3. Card payments: every PAID order delivered or on the refund list; nothing delivered unpaid.
  const orders = await query(
    "select sale_id, status, needs_refund, late_outcome, paid_not_delivered_at from card_orders",
  );
  const orderOf = new Map(orders.map((o) => [o.sale_id as string, o]));
  const card = { paid: 0, delivered: 0, refunded: 0 };
  const paidSales = new Set<string>();
  for (const t of transactions.filter((x) => x.kind === "card_payment")) {
    card.paid += 1;
    paidSales.add(t.reference);
    const sale = byId.get(t.reference);
    const order = orderOf.get(t.reference);
    if (!sale) {
      discrepancies.push(`card payment ${t.id} for ${t.reference}: no such sale`);
      continue;
    }
    if (sale.status === "completed") card.delivered += 1;
    else if (order?.late_outcome === "refunded" || order?.needs_refund) card.refunded += 1;
    else
      discrepancies.push(
        `sale ${sale.id} (${sale.kind}): the customer paid ${t.amountCents}c by card, the sale is ${sale.status} and not on the refund list`,
      );
  }
  for (const s of sales)
    if (s.method === "card" && s.status === "completed" && !paidSales.has(s.id))
      discrepancies.push(`card sale ${s.id} completed without a card payment at the core service`);

  // 4. Each closed shift's Z report equals its sales and cash movements at the close.
  const shifts = await query(
    "select s.*, u.username from shifts s join users u on u.id = s.user_id where closed_at is not null",
  );
  const movements = await query("select shift_id, kind, amount_cents from cash_movements");
  let checked = 0;
  for (const shift of shifts) {
    const z = json<Record<string, number | null | Record<string, number>>>(shift.z_report);
    const closedAt = time(shift.closed_at as string);
    const done = sales.filter(
      (s) =>
        s.shift_id === shift.id &&
        s.status === "completed" &&
        (time(s.settled_at) ?? Infinity) <= closedAt!,
    );
    const cash = done.filter((s) => s.method === "cash").reduce((a, s) => a + s.amount_cents, 0);
    const cardCents = done
      .filter((s) => s.method === "card")
      .reduce((a, s) => a + s.amount_cents, 0);
    const own = movements.filter((m) => m.shift_id === shift.id);
    const drops = own
      .filter((m) => m.kind === "drop")
      .reduce((a, m) => a + Number(m.amount_cents), 0);
    const payouts = own
      .filter((m) => m.kind === "payout")
      .reduce((a, m) => a + Number(m.amount_cents), 0);
    const expected = Number(shift.opening_float_cents) + cash - drops - payouts;
    const byMethod = (z.byMethod ?? {}) as Record<string, number>;
    const checks: [string, unknown, unknown][] = [
      ["completed count", z.completedCount, done.length],
      ["total", z.totalCents, cash + cardCents],
      ["cash", byMethod.cash, cash],
      ["card", byMethod.card, cardCents],
      ["cash drops", z.cashDropsCents ?? 0, drops],
      ["pay-outs", z.payOutsCents ?? 0, payouts],
      ["expected cash", z.expectedCashCents, expected],
      ["counted cash", z.countedCashCents, shift.counted_cash_cents],
    ];
    for (const [label, inZ, actual] of checks)
      if (inZ !== actual)
        discrepancies.push(
          `Z ${String(shift.z_number)} (${String(shift.username)}): ${label} ${String(inZ)} ≠ ${String(actual)}`,
        );
    const tillCounts = counted.get(String(shift.username)) ?? [];
    if (!tillCounts.includes(Number(shift.counted_cash_cents)))
      discrepancies.push(
        `Z ${String(shift.z_number)}: counted ${String(shift.counted_cash_cents)}c is not what the till counted`,
      );
    checked += 1;
  }

  // 5. The merchant balance moved by exactly what was executed, and by what the journal completed.
  const executedCents = money.reduce((a, t) => a + t.amountCents, 0);
  const moved = balance.startCents - balance.endCents;
  if (moved !== executedCents)
    discrepancies.push(
      `merchant balance moved ${moved}c, the core service executed ${executedCents}c`,
    );
  if (moved !== completedCents)
    discrepancies.push(
      `merchant balance moved ${moved}c, the journal completed ${completedCents}c`,
    );

  // 6. Every sale has its audit events: recorded, and how it ended. Each change of a sale
  // writes, in the same statement, an event carrying the state it left the sale in
  // (lib/sales/door): one of them must name the status the sale is in now.
  const events = await query(
    "select subject, kind, detail->'state'->>'status' as left_in from audit_events where detail->>'row' = 'sale'",
  );
  const kindsOf = new Map<string, Set<string>>();
  const leftIn = new Map<string, Set<string>>();
  for (const e of events) {
    const id = e.subject as string;
    kindsOf.set(id, (kindsOf.get(id) ?? new Set<string>()).add(e.kind as string));
    leftIn.set(id, (leftIn.get(id) ?? new Set<string>()).add(e.left_in as string));
  }
  for (const s of sales) {
    const k = kindsOf.get(s.id) ?? new Set();
    if (!k.has("sale_recorded")) discrepancies.push(`sale ${s.id}: no sale_recorded event`);
    if (!leftIn.get(s.id)?.has(s.status))
      discrepancies.push(
        `sale ${s.id} (${s.kind}, ${s.status}, ${s.error?.kind ?? "-"}): no audit event says how it ended`,
      );
  }

  return {
    discrepancies,
    explained,
    journal: { sales: sales.length, byStatus, completedByKind, completedCents },
    executed: { transactions: money.length, byKind, cents: executedCents, cardPayments: card.paid },
    balance: { ...balance, movedCents: moved },
    card,
    shifts: { closed: shifts.length, checked },
    audit: { events: events.length, salesChecked: sales.length },
  };
}
