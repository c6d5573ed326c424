import {
  SALE_KINDS,
  type CashMovementKind,
  type PaymentMethod,
  type SaleKind,
  type SaleStatus,
} from "@/lib/db/schema";
import type { Cents } from "@/lib/money";

/** The part of a sale that a shift report needs. */
export interface ReportSale {
  kind: SaleKind;
  method: PaymentMethod;
  status: SaleStatus;
  amountCents: Cents;
  /** Paid by card after the till stopped waiting, not delivered yet: money owed to the customer. */
  paidNotDelivered?: boolean;
}

/** Cash taken out of the drawer during the shift: a drop to the safe or a pay-out. */
export interface ReportCashMovement {
  kind: CashMovementKind;
  amountCents: Cents;
  reason: string;
  /** ISO time, so that a stored Z report keeps it as written. */
  at: string;
}

export interface ReportLine {
  kind: SaleKind;
  method: PaymentMethod;
  count: number;
  totalCents: Cents;
}

/** An X report (during the shift) or a Z report (at close): completed sales only count as money taken. */
export interface ShiftReport {
  lines: ReportLine[];
  byMethod: Record<PaymentMethod, Cents>;
  completedCount: number;
  totalCents: Cents;
  /** Sales not settled yet or not confirmed: they are not in the totals, a supervisor must look at them. */
  openCount: number;
  failedCount: number;
  /** Card sales paid but not delivered (delivery or refund pending): money owed to customers. */
  owedCount?: number;
  owedCents?: Cents;
  openingFloatCents: Cents;
  /** Absent in Z reports stored before cash drops and pay-outs were kept. */
  cashMovements?: ReportCashMovement[];
  cashDropsCents?: Cents;
  payOutsCents?: Cents;
  /** The float plus the cash of every completed cash sale, less drops and pay-outs. */
  expectedCashCents: Cents;
  countedCashCents: Cents | null;
  /** Counted minus expected: negative means cash is short. */
  varianceCents: Cents | null;
}

/** The registry's order of kinds (lib/db/schema SALE_KINDS). */
const KIND_ORDER: readonly SaleKind[] = SALE_KINDS;
const METHOD_ORDER: PaymentMethod[] = ["cash", "card"];

export function buildShiftReport(input: {
  openingFloatCents: Cents;
  sales: ReportSale[];
  cashMovements?: ReportCashMovement[];
  countedCashCents?: Cents | null;
}): ShiftReport {
  const lines = new Map<string, ReportLine>();
  const byMethod: Record<PaymentMethod, Cents> = { cash: 0, card: 0 };
  let completedCount = 0;
  let openCount = 0;
  let failedCount = 0;
  let owedCount = 0;
  let owedCents = 0;
  for (const sale of input.sales) {
    if (sale.paidNotDelivered) {
      owedCount += 1;
      owedCents += sale.amountCents;
    }
    if (sale.status === "failed") failedCount += 1;
    if (sale.status === "pending" || sale.status === "unknown") openCount += 1;
    if (sale.status !== "completed") continue;
    completedCount += 1;
    byMethod[sale.method] += sale.amountCents;
    const key = `${sale.kind}/${sale.method}`;
    const line = lines.get(key) ?? {
      kind: sale.kind,
      method: sale.method,
      count: 0,
      totalCents: 0,
    };
    line.count += 1;
    line.totalCents += sale.amountCents;
    lines.set(key, line);
  }
  const sorted = [...lines.values()].sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const movements = input.cashMovements ?? [];
  const sumOf = (kind: CashMovementKind) =>
    movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.amountCents, 0);
  const cashDropsCents = sumOf("drop");
  const payOutsCents = sumOf("payout");
  const expectedCashCents = input.openingFloatCents + byMethod.cash - cashDropsCents - payOutsCents;
  const counted = input.countedCashCents ?? null;
  return {
    lines: sorted,
    byMethod,
    completedCount,
    totalCents: byMethod.cash + byMethod.card,
    openCount,
    failedCount,
    owedCount,
    owedCents,
    openingFloatCents: input.openingFloatCents,
    cashMovements: movements,
    cashDropsCents,
    payOutsCents,
    expectedCashCents,
    countedCashCents: counted,
    varianceCents: counted === null ? null : counted - expectedCashCents,
  };
}
