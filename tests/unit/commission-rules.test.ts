import { describe, expect, it } from "vitest";
import {
  commissionCents,
  commissionOf,
  rateFor,
  scopeOfSale,
  type RateRule,
} from "@/lib/commission/rules";

const t = (iso: string) => new Date(iso);
let n = 0;
function rate(over: Partial<RateRule>): RateRule {
  n += 1;
  return {
    id: `r${n}`,
    kind: "electricity",
    municipality: null,
    productId: null,
    category: null,
    basisPoints: 0,
    fixedCents: 0,
    effectiveFrom: t("2026-11-01T00:00:00+02:00"),
    createdAt: t("2026-10-30T00:00:00Z"),
    withdrawnAt: null,
    ...over,
  };
}

describe("commissionCents", () => {
  it("rounds the percentage half up to the cent and adds the fixed part", () => {
    expect(commissionCents({ basisPoints: 250, fixedCents: 0 }, 12_345)).toBe(309);
    expect(commissionCents({ basisPoints: 250, fixedCents: 0 }, 12_340)).toBe(309); // 3.085 → 3.09
    expect(commissionCents({ basisPoints: 250, fixedCents: 0 }, 12_339)).toBe(308);
    expect(commissionCents({ basisPoints: 0, fixedCents: 350 }, 1)).toBe(350);
    expect(commissionCents({ basisPoints: 100, fixedCents: 50 }, 10_000)).toBe(150);
  });
});

describe("rateFor", () => {
  const kindWide = rate({ basisPoints: 250 });
  const tshwane = rate({ municipality: "tshwane_prepaid", basisPoints: 300 });
  const later = rate({ basisPoints: 200, effectiveFrom: t("2026-11-15T12:00:00+02:00") });
  const withdrawn = rate({
    basisPoints: 900,
    effectiveFrom: t("2026-11-20T00:00:00+02:00"),
    withdrawnAt: t("2026-11-10T00:00:00Z"),
  });
  const all = [kindWide, tshwane, later, withdrawn];
  const scope = (municipality: string) => ({
    kind: "electricity" as const,
    amountCents: 10_000,
    municipality,
    productId: null,
    category: null,
  });

  it("takes the most specific rate that covers the sale", () => {
    expect(rateFor(all, scope("tshwane_prepaid"), t("2026-11-20T10:00:00Z"))).toBe(tshwane);
  });
  it("takes the latest rate in force among equally specific ones, never one not yet in force", () => {
    expect(rateFor(all, scope("mogale_prepaid"), t("2026-11-15T09:59:59Z"))).toBe(kindWide);
    expect(rateFor(all, scope("mogale_prepaid"), t("2026-11-15T10:00:00Z"))).toBe(later);
    expect(rateFor(all, scope("mogale_prepaid"), t("2026-11-25T10:00:00Z"))).toBe(later);
  });
  it("gives nothing before any rate, and for another kind", () => {
    expect(commissionOf(all, scope("tshwane_prepaid"), t("2026-10-01T00:00:00Z"))).toEqual({
      cents: 0,
      rateId: null,
    });
    expect(rateFor(all, { ...scope("x"), kind: "bill" }, t("2026-11-20T00:00:00Z"))).toBeNull();
  });
  it("prefers a VAS product over its category", () => {
    const airtime = rate({ kind: "vas", category: "airtime", basisPoints: 300 });
    const product = rate({ kind: "vas", productId: "VOD-AIR-29", basisPoints: 500 });
    const sale = scopeOfSale({
      kind: "vas",
      amountCents: 2900,
      request: { productId: "VOD-AIR-29", category: "airtime" },
    });
    expect(rateFor([airtime, product], sale, t("2026-11-20T00:00:00Z"))).toBe(product);
    const other = scopeOfSale({
      kind: "vas",
      amountCents: 1500,
      request: { productId: "MTN-AIR-15", category: "airtime" },
    });
    expect(rateFor([airtime, product], other, t("2026-11-20T00:00:00Z"))).toBe(airtime);
  });
});
