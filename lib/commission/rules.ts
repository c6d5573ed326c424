/**
 * Which commission rate covers a sale, and what it earns. Pure: no I/O, unit-tested, shared
 * by the settle path, the catch-up pass and the office's preview.
 */
import type { SaleKind } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";

export interface RateRule {
  id: string;
  kind: SaleKind;
  municipality: string | null;
  productId: string | null;
  category: string | null;
  basisPoints: number;
  fixedCents: Cents;
  effectiveFrom: Date;
  createdAt: Date;
  withdrawnAt: Date | null;
}

/** What of a sale a rate may be narrowed to. */
export interface SaleScope {
  kind: SaleKind;
  amountCents: Cents;
  municipality: string | null;
  productId: string | null;
  category: string | null;
}

/** The sale's municipality, VAS product and category, read from what the journal stored as its request. */
export function scopeOfSale(sale: {
  kind: SaleKind;
  amountCents: Cents;
  request: unknown;
}): SaleScope {
  const request = (sale.request ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    kind: sale.kind,
    amountCents: sale.amountCents,
    municipality: text(request.municipality),
    productId: sale.kind === "vas" ? text(request.productId) : null,
    category: sale.kind === "vas" ? text(request.category) : null,
  };
}

/** A product beats a category, a category beats a municipality, any of them beats the whole kind. */
function specificity(rate: RateRule): number {
  return (rate.productId ? 4 : 0) + (rate.category ? 2 : 0) + (rate.municipality ? 1 : 0);
}

function covers(rate: RateRule, scope: SaleScope): boolean {
  return (
    rate.kind === scope.kind &&
    (rate.municipality === null || rate.municipality === scope.municipality) &&
    (rate.productId === null || rate.productId === scope.productId) &&
    (rate.category === null || rate.category === scope.category)
  );
}

/**
 * The rate in force for a sale at `at`: among the rates that cover it, took effect by then and
 * were not withdrawn, the most specific; among equally specific ones, the latest to take effect.
 */
export function rateFor(rates: readonly RateRule[], scope: SaleScope, at: Date): RateRule | null {
  let best: RateRule | null = null;
  for (const rate of rates) {
    if (rate.withdrawnAt !== null || rate.effectiveFrom > at || !covers(rate, scope)) continue;
    if (
      !best ||
      specificity(rate) > specificity(best) ||
      (specificity(rate) === specificity(best) &&
        (rate.effectiveFrom > best.effectiveFrom ||
          (rate.effectiveFrom.getTime() === best.effectiveFrom.getTime() &&
            rate.createdAt > best.createdAt)))
    )
      best = rate;
  }
  return best;
}

/** Percentage (basis points, rounded half up to the cent) plus the fixed amount. Integers only. */
export function commissionCents(
  rate: Pick<RateRule, "basisPoints" | "fixedCents">,
  amountCents: Cents,
): Cents {
  const sign = amountCents < 0 ? -1 : 1;
  const share = Math.floor((Math.abs(amountCents) * rate.basisPoints + 5000) / 10_000);
  return sign * share + rate.fixedCents;
}

/** The commission of a sale at `at`, and the rate that gave it (none: 0). */
export function commissionOf(
  rates: readonly RateRule[],
  scope: SaleScope,
  at: Date,
): { cents: Cents; rateId: string | null } {
  const rate = rateFor(rates, scope, at);
  return rate
    ? { cents: commissionCents(rate, scope.amountCents), rateId: rate.id }
    : { cents: 0, rateId: null };
}

/** "2,5 % + R 1,50" in the office's words. */
export function describeRate(rate: Pick<RateRule, "basisPoints" | "fixedCents">): string {
  const parts: string[] = [];
  if (rate.basisPoints) parts.push(`${(rate.basisPoints / 100).toFixed(2).replace(".", ",")} %`);
  if (rate.fixedCents)
    parts.push(`R ${(rate.fixedCents / 100).toFixed(2).replace(".", ",")} per sale`);
  return parts.join(" + ") || "nothing";
}

/** Where a rate stands at `now`, for the office's table. */
export function rateStatus(
  rate: RateRule,
  rates: readonly RateRule[],
  now: Date,
): "withdrawn" | "from later" | "replaced" | "in force" {
  if (rate.withdrawnAt) return "withdrawn";
  if (rate.effectiveFrom > now) return "from later";
  const sameScope = (other: RateRule) =>
    other.kind === rate.kind &&
    other.municipality === rate.municipality &&
    other.productId === rate.productId &&
    other.category === rate.category;
  const newer = rates.some(
    (other) =>
      other !== rate &&
      !other.withdrawnAt &&
      sameScope(other) &&
      other.effectiveFrom <= now &&
      (other.effectiveFrom > rate.effectiveFrom ||
        (other.effectiveFrom.getTime() === rate.effectiveFrom.getTime() &&
          other.createdAt > rate.createdAt)),
  );
  return newer ? "replaced" : "in force";
}
