import { describe, expect, it } from "vitest";
import { changeDue, tenderedKeys } from "@/lib/cash/change";

describe("cash tendered and change due", () => {
  it("gives the change, or says how much is still short", () => {
    expect(changeDue(15_050, 20_000)).toEqual({ enough: true, changeCents: 4_950 });
    expect(changeDue(15_050, 15_050)).toEqual({ enough: true, changeCents: 0 });
    expect(changeDue(15_050, 10_000)).toEqual({ enough: false, shortCents: 5_050 });
  });

  it("offers the exact amount and the notes a customer would hand over", () => {
    expect(tenderedKeys(15_050)).toEqual([15_050, 20_000]);
    expect(tenderedKeys(3_500)).toEqual([3_500, 5_000, 10_000, 20_000]);
    expect(tenderedKeys(900)).toEqual([900, 1_000, 2_000, 5_000, 10_000]);
    expect(tenderedKeys(0)).toEqual([]);
  });
});
