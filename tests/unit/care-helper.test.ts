import { describe, expect, it } from "vitest";
import { METER_CODE_IDS } from "@/lib/care/meter-codes";
import { nextStep, OUTCOMES } from "@/lib/care/next-step";
import { meterStory, type CareSale } from "@/lib/care/story";
import type { SlipToken } from "@/lib/slip/tokens";

const digits = (n: number) => String(n).repeat(20).slice(0, 20);
const token = (kind: SlipToken["kind"], n: number, label = kind): SlipToken => ({
  kind,
  label,
  digits: digits(n),
  info: null,
});
const OLD = { sgc: 201316, krn: 1, ti: 1 };
const NEW = { sgc: 201317, krn: 2, ti: 1 };

function sale(id: string, minute: number, meter: typeof OLD, tokens: SlipToken[]): CareSale {
  return {
    id,
    at: new Date(Date.UTC(2026, 10, 20, 8, minute)),
    soldBy: "Thabo",
    tillName: "Till 1",
    amountCents: 5000,
    receiptNumber: `TSW${id}`,
    municipality: "tshwane_prepaid",
    meter,
    before: null,
    tokens,
  };
}

// An old-key sale, then the key change (two key-change tokens and a credit token), then a later credit.
const before = sale("1", 0, OLD, [token("credit", 1)]);
const change = sale("2", 10, NEW, [
  token("credit", 4),
  token("key_change", 2),
  token("key_change", 3),
]);
const after = sale("3", 20, NEW, [token("credit", 5), token("fbe", 6)]);

describe("a meter's story", () => {
  it("lists the key-change tokens first, then every token of the new key, oldest sale first", () => {
    const story = meterStory("01300000005", [after, before, change]);
    expect(story.toEnter.map((t) => [t.label, t.digits])).toEqual([
      ["Key change 1", digits(2)],
      ["Key change 2", digits(3)],
      ["Credit", digits(4)],
      ["Credit", digits(5)],
      ["Free basic electricity", digits(6)],
    ]);
    expect(story.keyChange).toMatchObject({ saleId: "2", from: OLD, to: NEW });
    expect(story.sales.map((s) => s.id)).toEqual(["3", "2", "1"]);
  });

  it("flags a token bought before the key change as not loadable after it", () => {
    const story = meterStory("01300000005", [before, change]);
    expect(story.beforeKeyChange.map((t) => t.digits)).toEqual([digits(1)]);
    expect(story.toEnter.map((t) => t.digits)).not.toContain(digits(1));
  });

  it("keeps an earlier sale of the same new key loadable (the key change sold twice)", () => {
    const again = sale("4", 30, NEW, [
      token("key_change", 7),
      token("key_change", 8),
      token("credit", 9),
    ]);
    const story = meterStory("01300000005", [change, again]);
    expect(story.beforeKeyChange).toEqual([]);
    expect(story.toEnter.map((t) => t.digits)).toEqual([
      digits(7),
      digits(8),
      digits(4),
      digits(9),
    ]);
  });

  it("without a key change lists every token oldest first and flags none", () => {
    const story = meterStory("01100000007", [sale("5", 5, OLD, [token("credit", 1)])]);
    expect(story.keyChange).toBeNull();
    expect(story.toEnter).toHaveLength(1);
    expect(story.beforeKeyChange).toEqual([]);
  });
});

describe("what the meter shows → the next step", () => {
  const story = meterStory("01300000005", [before, change]);

  it("AAAAA after a key-change sale: enter the tokens in order, key-change tokens first", () => {
    const step = nextStep(story, { code: "AAAAA" });
    expect(step.outcome).toBe("enter_in_order");
    const keyed = step.steps.filter((s) => /^\d\./.test(s));
    expect(keyed[0]).toMatch(/^1\. Key change 1: 2222 2222/);
    expect(keyed[1]).toMatch(/^2\. Key change 2: 3333/);
    expect(keyed[2]).toMatch(/^3\. Credit: 4444/);
    expect(step.steps[0]).toMatch(/bought before the key change.*enter those first/);
  });

  it("dddd: already used", () => {
    expect(nextStep(story, { code: "dddd" }).outcome).toBe("already_used");
    expect(nextStep(story, { code: "USEd" }).outcome).toBe("already_used");
  });

  it("PLS_2nd and PLS_1St: the other key-change token, within minutes", () => {
    const second = nextStep(story, { code: "PLS_2nd" });
    expect(second.outcome).toBe("second_key_change");
    expect(second.steps[0]).toMatch(/Key change 2: 3333.*within 10 minutes/);
    expect(nextStep(story, { code: "PLS_1St" }).steps[0]).toMatch(/Key change 1: 2222/);
  });

  it("AAAAA on another meter: the wrong-meter steps", () => {
    const step = nextStep(story, { code: "AAAAA", otherMeter: true });
    expect(step.outcome).toBe("wrong_meter");
    expect(step.steps.join(" ")).toMatch(/cannot be cancelled.*new sale.*City of Tshwane/);
  });

  it("AAAAA with the key change in and the municipality's codes changed: the municipality, named", () => {
    const step = nextStep(story, {
      code: "AAAAA",
      keyChangeEntered: true,
      confirmed: { sgc: 201318, krn: 3, ti: 1 },
    });
    expect(step).toMatchObject({
      outcome: "municipality",
      municipality: "City of Tshwane (prepaid)",
    });
  });

  it("OLd for a token bought before the key change: the municipality", () => {
    const step = nextStep(story, { code: "OLd" });
    expect(step.outcome).toBe("municipality");
    expect(step.steps[0]).toMatch(/before the key change/);
  });

  it("every code leads to one of the outcomes", () => {
    for (const code of METER_CODE_IDS)
      expect(OUTCOMES).toContain(nextStep(story, { code }).outcome);
  });
});
