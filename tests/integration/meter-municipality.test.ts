import { describe, expect, it } from "vitest";
import { confirmMeterAnywhere } from "@/lib/kinds/electricity/find-municipality";
import { confirmMeter } from "@/lib/kinds/electricity/upstream";
import { connectToSharedSandbox, testMeter } from "./upstream-sandbox";

connectToSharedSandbox();

/** The real confirm over HTTP to the sandbox, noting which municipality each call asked. */
function countedConfirm() {
  const asked: string[] = [];
  const confirm: typeof confirmMeter = (input) => {
    asked.push(input.municipality);
    return confirmMeter(input);
  };
  return { asked, confirm };
}

describe("a meter not known to the municipality chosen", () => {
  it("is confirmed with the other prepaid municipalities in turn, stopping at the first that knows it", async () => {
    // docs/sandbox.md: 0 2 1 … is Zeerust's normal meter; 0 3 1 … Mogale's.
    const zeerust = countedConfirm();
    const found = await confirmMeterAnywhere(testMeter(2, 1), "tshwane_prepaid", zeerust.confirm);
    expect(found.municipality).toBe("zeerust_prepaid");
    expect(found.customer.name).toBe("Motsepe");
    expect(zeerust.asked).toEqual(["tshwane_prepaid", "zeerust_prepaid"]);

    const mogale = countedConfirm();
    expect(
      (await confirmMeterAnywhere(testMeter(3, 1), "zeerust_prepaid", mogale.confirm)).municipality,
    ).toBe("mogale_prepaid");
    expect(mogale.asked).toEqual(["zeerust_prepaid", "tshwane_prepaid", "mogale_prepaid"]);

    // The one chosen knows it: one confirm only.
    const here = countedConfirm();
    await confirmMeterAnywhere(testMeter(1, 1), "tshwane_prepaid", here.confirm);
    expect(here.asked).toEqual(["tshwane_prepaid"]);
  });

  it("known to none, says so by the meter field after asking each once", async () => {
    const none = countedConfirm();
    // A well-formed meter number (its check digit adds up) that no municipality has.
    await expect(
      confirmMeterAnywhere("01800000000", "tshwane_prepaid", none.confirm),
    ).rejects.toMatchObject({
      field: "meterNumber",
      message:
        "No prepaid municipality knows meter 01800000000. Check the number with the customer.",
    });
    expect([...none.asked].sort()).toEqual([
      "mogale_prepaid",
      "ngwathe_prepaid",
      "tshwane_prepaid",
      "zeerust_prepaid",
    ]);
  });

  it("a blocked meter is not looked for elsewhere", async () => {
    const blocked = countedConfirm();
    await expect(
      confirmMeterAnywhere(testMeter(1, 9), "tshwane_prepaid", blocked.confirm),
    ).rejects.toMatchObject({ code: 1007 });
    expect(blocked.asked).toEqual(["tshwane_prepaid"]);
  });
});
