/**
 * The rows whose state the chain carries (in an audit event's `detail.state`), told apart by
 * the exact keys of their state (lib/record/state.ts, drawer-state.ts), and what each adds
 * to the cumulative totals of a checkpoint. Pure: the sealer and the verifier share it.
 */
export type RecordTable = "sales" | "card_orders" | "shifts" | "cash_movements";

const KEYS: Record<RecordTable, string[]> = {
  sales: [
    "id",
    "status",
    "kind",
    "method",
    "amountCents",
    "reference",
    "userId",
    "tillId",
    "shiftId",
    "idempotencyKey",
    "errorKind",
    "resolvedBy",
    "resultSha256",
  ],
  card_orders: [
    "saleId",
    "status",
    "amountCents",
    "final",
    "needsRefund",
    "paidNotDelivered",
    "lateOutcome",
  ],
  shifts: [
    "id",
    "userId",
    "tillId",
    "openedAt",
    "openingFloatCents",
    "closedAt",
    "closedBy",
    "countedDenominations",
    "countedCashCents",
    "expectedCashCents",
    "zNumber",
    "forceCloseReason",
    "zReportSha256",
  ],
  cash_movements: [
    "id",
    "shiftId",
    "tillId",
    "userId",
    "kind",
    "amountCents",
    "reason",
    "createdAt",
  ],
};

const BY_SIGNATURE = new Map(
  (Object.entries(KEYS) as [RecordTable, string[]][]).map(([table, keys]) => [
    [...keys].sort().join(","),
    table,
  ]),
);

/** The state keys of each table, for the test that holds them to the SQL that builds them. */
export const STATE_KEYS: Readonly<Record<RecordTable, readonly string[]>> = KEYS;

export interface RecordedState {
  table: RecordTable;
  /** The row's id in its table (a card order's is its sale's id). */
  id: string;
  /** `sales:<id>`: one name per row across tables. */
  object: string;
  state: Record<string, unknown>;
}

/** The row state an event's detail carries, or undefined when it carries none. */
export function recordedState(detail: unknown): RecordedState | undefined {
  if (!detail || typeof detail !== "object") return undefined;
  const state = (detail as { state?: unknown }).state;
  if (!state || typeof state !== "object" || Array.isArray(state)) return undefined;
  const record = state as Record<string, unknown>;
  const table = BY_SIGNATURE.get(Object.keys(record).sort().join(","));
  if (!table) return undefined;
  const id = String(table === "card_orders" ? record.saleId : record.id);
  return { table, id, object: `${table}:${id}`, state: record };
}

/** What a row's state adds to the totals: a completed sale, a cash drop or a pay-out. */
export interface Contribution {
  total: string | null;
  cents: number;
}

export const NO_CONTRIBUTION: Contribution = { total: null, cents: 0 };

export function contributionOf(recorded: RecordedState): Contribution {
  const s = recorded.state;
  if (recorded.table === "sales" && s.status === "completed")
    return { total: `sale/${String(s.kind)}/${String(s.method)}`, cents: Number(s.amountCents) };
  if (recorded.table === "cash_movements")
    return { total: `cash/${String(s.kind)}`, cents: Number(s.amountCents) };
  return NO_CONTRIBUTION;
}

/** Cumulative totals per kind and method: `sale/electricity/cash`, `cash/drop` ... */
export type Totals = Record<string, { count: number; cents: number }>;

/** The totals with `before` taken out and `after` put in (a sale's earlier state replaced). */
export function applyContribution(totals: Totals, before: Contribution, after: Contribution): void {
  if (before.total === after.total && before.cents === after.cents) return;
  if (before.total) {
    const t = (totals[before.total] ??= { count: 0, cents: 0 });
    t.count -= 1;
    t.cents -= before.cents;
    if (t.count === 0 && t.cents === 0) delete totals[before.total];
  }
  if (after.total) {
    const t = (totals[after.total] ??= { count: 0, cents: 0 });
    t.count += 1;
    t.cents += after.cents;
  }
}
