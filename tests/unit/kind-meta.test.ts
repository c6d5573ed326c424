import { describe, expect, expectTypeOf, it } from "vitest";
import { SALE_KINDS, type SaleKind } from "@/lib/db/schema";
import { KIND_META, KINDS, type KindMeta, type KindTile } from "@/lib/kinds/meta";
import { FORM_PATH, SALE_FORMS } from "@/components/sale/sale-store";

describe("the kinds' client-safe registry", () => {
  it("has one entry per kind of sale, and the forms follow it", () => {
    expect([...KINDS].sort()).toEqual([...SALE_KINDS].sort());
    expect(SALE_FORMS).toEqual(KINDS);
    for (const kind of KINDS) expect(FORM_PATH[kind]).toBe(KIND_META[kind].path);
  });

  it("gives every kind a tile on the till, each under its own key", () => {
    const tiles = KINDS.flatMap((kind): readonly KindTile[] => KIND_META[kind].tiles);
    for (const kind of KINDS) expect(KIND_META[kind].tiles.length).toBeGreaterThan(0);
    const keys = [...tiles.map((t) => t.shortcut.toLowerCase()), "h"];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("makes the compiler name the entry a new kind lacks", () => {
    // tsc checks this file: a kind added to SALE_KINDS without its entry fails the same way.
    type WithNewKind = SaleKind | "parking";
    // @ts-expect-error KIND_META has no "parking" entry
    const filled: Record<WithNewKind, KindMeta> = KIND_META;
    expect(filled).toBe(KIND_META);
    expectTypeOf(KIND_META).toMatchTypeOf<Record<SaleKind, KindMeta>>();
  });
});
