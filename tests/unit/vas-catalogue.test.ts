import { describe, expect, it } from "vitest";
import type { VasProduct } from "@/lib/kinds/vas/upstream";
import { plainText } from "@/lib/money";
import {
  categoryFilterOf,
  filterByCategory,
  groupCatalogue,
  listOrder,
  priceLabel,
  searchCatalogue,
  toCatalogueItem,
} from "@/lib/kinds/vas/catalogue";

function product(
  id: string,
  category: VasProduct["category"],
  provider: string,
  name: string,
  price: number | null,
  range?: [number, number],
): VasProduct {
  return {
    id,
    name,
    category,
    provider,
    description: `${name} description`,
    fixedAmount: price !== null,
    amountCents: price,
    minCents: range?.[0] ?? null,
    maxCents: range?.[1] ?? null,
    reference: [provider.toUpperCase(), id],
    mobileNumber: category === "airtime" || category === "data" ? "required" : "none",
  };
}

const items = [
  product("GP-100", "voucher", "Google Play", "Google Play R100 gift card", 10_000),
  product("MTN-AIR-30", "airtime", "MTN", "MTN airtime R30", 3000),
  product(
    "VOD-AIR-OPEN",
    "airtime",
    "Vodacom",
    "Vodacom airtime (any amount)",
    null,
    [200, 100_000],
  ),
  product("VOD-AIR-10", "airtime", "Vodacom", "Vodacom airtime R10", 1000),
  product("MTN-DATA-2GB", "data", "MTN", "MTN 2 GB data (30 days)", 14_900),
  product("LOTTO-QP", "lotto", "Ithuba", "Lotto quick pick", 500),
  product("MTN-AIR-15", "airtime", "MTN", "MTN airtime R15", 1500),
].map(toCatalogueItem);

describe("groupCatalogue", () => {
  it("groups by kind in the till's order, then by network or brand A-Z, cheapest first, open-value last", () => {
    const groups = groupCatalogue(items);
    expect(groups.map((g) => g.label)).toEqual(["Airtime", "Data", "Lotto", "Vouchers"]);
    expect(groups[0]!.brands.map((b) => b.brand)).toEqual(["MTN", "Vodacom"]);
    expect(groups[0]!.brands[0]!.items.map((i) => i.id)).toEqual(["MTN-AIR-15", "MTN-AIR-30"]);
    expect(groups[0]!.brands[1]!.items.map((i) => i.id)).toEqual(["VOD-AIR-10", "VOD-AIR-OPEN"]);
    expect(listOrder(groups).map((i) => i.id)).toEqual([
      "MTN-AIR-15",
      "MTN-AIR-30",
      "VOD-AIR-10",
      "VOD-AIR-OPEN",
      "MTN-DATA-2GB",
      "LOTTO-QP",
      "GP-100",
    ]);
  });

  it("leaves out kinds with nothing in them", () => {
    expect(groupCatalogue(items.filter((i) => i.kind === "lotto")).map((g) => g.kind)).toEqual([
      "lotto",
    ]);
  });
});

describe("searchCatalogue", () => {
  const ids = (q: string) => searchCatalogue(items, q).map((i) => i.id);

  it("matches every typed word against name, brand, kind and id, ignoring case", () => {
    expect(ids("google")).toEqual(["GP-100"]);
    expect(ids("MTN data")).toEqual(["MTN-DATA-2GB"]);
    expect(ids("vodacom r10")).toEqual(["VOD-AIR-10"]);
    expect(ids("voucher")).toEqual(["GP-100"]);
    expect(ids("2gb")).toEqual(["MTN-DATA-2GB"]);
  });

  it("returns everything for an empty query and nothing for a word nobody has", () => {
    expect(ids("  ")).toHaveLength(items.length);
    expect(ids("telkom")).toEqual([]);
  });
});

describe("category filters of the till's tiles", () => {
  it("airtime shows airtime and data; voucher shows vouchers and lotto; anything else shows all", () => {
    expect(
      filterByCategory(items, categoryFilterOf("airtime"))
        .map((i) => i.kind)
        .sort(),
    ).toEqual(["airtime", "airtime", "airtime", "airtime", "data"]);
    expect(
      filterByCategory(items, categoryFilterOf("voucher"))
        .map((i) => i.id)
        .sort(),
    ).toEqual(["GP-100", "LOTTO-QP"]);
    expect(categoryFilterOf("bogus")).toBeNull();
    expect(categoryFilterOf(undefined)).toBeNull();
    expect(filterByCategory(items, null)).toHaveLength(items.length);
  });
});

describe("what the browser gets and shows", () => {
  it("never carries the upstream reference", () => {
    expect(Object.keys(items[0]!)).not.toContain("reference");
  });

  it("shows a fixed product's price and an open product's range", () => {
    expect(plainText(priceLabel(items.find((i) => i.id === "MTN-AIR-30")!))).toBe("R 30,00");
    expect(plainText(priceLabel(items.find((i) => i.id === "VOD-AIR-OPEN")!))).toBe(
      "R 2,00 – R 1 000,00",
    );
  });
});
