import { describe, expect, it } from "vitest";
import { groupTokenDigits } from "@/lib/slip/tokens";
import { orderSlipTokens } from "@/lib/upstream/tokens";

const digits = (n: number) => String(n).repeat(20).slice(0, 20);

describe("slip tokens", () => {
  it("orders key change tokens (as given), then credit, then FBE, whatever the wire order", () => {
    const tokens = orderSlipTokens([
      { token: digits(3), type: "FBE", info: "FBE 50.0 kWh" },
      { token: digits(4), type: "STD", info: "Credit 120.5 kWh" },
      { token: digits(1), type: "KCT", info: "Key change token 1 of 2" },
      { token: digits(2), type: "KCT", info: "Key change token 2 of 2" },
    ]);
    expect(tokens.map((t) => [t.kind, t.label, t.digits])).toEqual([
      ["key_change", "Key change 1", digits(1)],
      ["key_change", "Key change 2", digits(2)],
      ["credit", "Credit", digits(4)],
      ["fbe", "Free basic electricity", digits(3)],
    ]);
    expect(tokens[3]?.info).toBe("FBE 50.0 kWh");
  });

  it("strips spaces and refuses a token that is not 20 digits", () => {
    expect(orderSlipTokens([{ token: "1234 5678 9012 3456 7890", type: "STD" }])[0]?.digits).toBe(
      "12345678901234567890",
    );
    expect(() => orderSlipTokens([{ token: "1234", type: "STD" }])).toThrow(/20 digits/);
  });

  it("groups digits in fours for the slip", () => {
    expect(groupTokenDigits("12345678901234567890")).toBe("1234 5678 9012 3456 7890");
  });
});
