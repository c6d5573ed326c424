import { describe, expect, it } from "vitest";
import { inferMunicipality } from "@/lib/scanner/municipality";

const OPTIONS = [
  { value: "tshwane_prepaid", name: "City of Tshwane" },
  { value: "zeerust_prepaid", name: "Ramotshere Moiloa (Zeerust)" },
  { value: "mogale_prepaid", name: "Mogale City" },
];

describe("a scanned number and its municipality", () => {
  it("confirms with the chosen municipality, else the one this number was sold for, else the only one", () => {
    expect(
      inferMunicipality({
        chosen: "mogale_prepaid",
        options: OPTIONS,
        fromJournal: "tshwane_prepaid",
      }),
    ).toBe("mogale_prepaid");
    expect(
      inferMunicipality({ chosen: "", options: OPTIONS, fromJournal: "tshwane_prepaid" }),
    ).toBe("tshwane_prepaid");
    expect(inferMunicipality({ chosen: "", options: OPTIONS.slice(0, 1), fromJournal: null })).toBe(
      "tshwane_prepaid",
    );
  });

  it("asks when nothing says which (a fresh browser, a number never sold here)", () => {
    expect(inferMunicipality({ chosen: "", options: OPTIONS, fromJournal: null })).toBeNull();
    expect(inferMunicipality({ chosen: "", options: OPTIONS, fromJournal: "nowhere" })).toBeNull();
  });
});
