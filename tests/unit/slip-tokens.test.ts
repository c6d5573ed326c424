import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { labelFor, tokenGroups, tokensForSlip, type SlipToken } from "@/lib/slip/tokens";

const token = (kind: SlipToken["kind"], digits: string): SlipToken => ({
  kind,
  digits,
  label: "stale label",
  info: null,
});

describe("slip token groups", () => {
  it("splits a 20-digit token into five groups of four", () => {
    expect(tokenGroups("12345678901234567890")).toEqual(["1234", "5678", "9012", "3456", "7890"]);
  });

  it("ignores spaces and dashes already in the token", () => {
    expect(tokenGroups("1234 5678-9012 3456 7890")).toEqual([
      "1234",
      "5678",
      "9012",
      "3456",
      "7890",
    ]);
  });

  it("keeps every digit, in order, for any length", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,40}$/), (digits) => {
        const groups = tokenGroups(digits);
        expect(groups.join("")).toBe(digits);
        expect(groups.slice(0, -1).every((g) => g.length === 4)).toBe(true);
      }),
    );
  });
});

describe("slip token order and labels", () => {
  it("puts key change tokens first in their order, then credit, then FBE, and labels them afresh", () => {
    const slip = tokensForSlip([
      token("fbe", "3".repeat(20)),
      token("credit", "2".repeat(20)),
      token("key_change", "0".repeat(20)),
      token("key_change", "1".repeat(20)),
    ]);
    expect(slip.map((t) => [t.label, t.digits[0]])).toEqual([
      ["Key change 1", "0"],
      ["Key change 2", "1"],
      ["Credit", "2"],
      ["Free basic electricity", "3"],
    ]);
  });

  it("an FBE-only vend prints just the FBE token", () => {
    expect(tokensForSlip([token("fbe", "9".repeat(20))]).map((t) => t.label)).toEqual([
      "Free basic electricity",
    ]);
  });

  it("never reorders tokens of one kind", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<SlipToken["kind"]>("key_change", "credit", "fbe"), {
          maxLength: 6,
        }),
        (kinds) => {
          const input = kinds.map((k, i) => token(k, String(i).padStart(20, "0")));
          const out = tokensForSlip(input);
          const rank = { key_change: 0, credit: 1, fbe: 2 };
          for (let i = 1; i < out.length; i++) {
            const [a, b] = [out[i - 1]!, out[i]!];
            expect(rank[a.kind] < rank[b.kind] || (a.kind === b.kind && a.digits < b.digits)).toBe(
              true,
            );
          }
        },
      ),
    );
  });

  it("names the labels a customer reads", () => {
    expect([labelFor("key_change", 2), labelFor("credit", 0), labelFor("fbe", 0)]).toEqual([
      "Key change 2",
      "Credit",
      "Free basic electricity",
    ]);
  });
});
