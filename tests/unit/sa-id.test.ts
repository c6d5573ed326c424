import { describe, expect, it } from "vitest";
import { checkIdNumber, idDateOfBirth, luhnValid, maskIdNumber } from "@/lib/sa-id";

const TODAY = new Date(Date.UTC(2026, 5, 1));

describe("SA ID numbers", () => {
  // Published examples (Home Affairs' format; 8001015009087 is the classic worked example).
  it.each(["8001015009087", "9202204720083", "8605065397083", "0002295009084", "800101 5009 087"])(
    "accepts %s",
    (id) => {
      const r = checkIdNumber(id, TODAY);
      expect(r.ok).toBe(true);
    },
  );

  it("reads the date of birth, with the century that keeps it in the past", () => {
    expect(idDateOfBirth("8001015009087", TODAY)?.toISOString().slice(0, 10)).toBe("1980-01-01");
    expect(idDateOfBirth("0002295009084", TODAY)?.toISOString().slice(0, 10)).toBe("2000-02-29");
    expect(idDateOfBirth("2512315009087", TODAY)?.toISOString().slice(0, 10)).toBe("2025-12-31");
    expect(idDateOfBirth("2712315009087", TODAY)?.toISOString().slice(0, 10)).toBe("1927-12-31");
  });

  it.each([
    ["", /Enter the 13-digit/],
    ["80010150090", /13 digits; this one has 11/],
    ["80010150090871", /13 digits; this one has 14/],
    ["80010150O9087", /digits only/],
    ["9913015009082", /not a real date/], // month 13 (check digit valid)
    ["8002305009084", /not a real date/], // 30 February (check digit valid)
    ["0102295009082", /not a real date/], // 2001 is not a leap year (check digit valid)
    ["8001015009088", /last digit does not match/],
    ["9202204720082", /last digit does not match/], // often quoted, but its check digit is wrong
  ])("refuses %s", (id, message) => {
    const r = checkIdNumber(id, TODAY);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it("runs the Luhn check over the whole number", () => {
    expect(luhnValid("8001015009087")).toBe(true);
    expect(luhnValid("8001015009078")).toBe(false); // two digits swapped
    expect(luhnValid("79927398713")).toBe(true); // the textbook Luhn example
    expect(luhnValid("79927398710")).toBe(false);
  });

  it("masks all but the last four digits for the journal", () => {
    expect(maskIdNumber("8001015009087")).toBe("*********9087");
    expect(maskIdNumber("800101 5009 087")).not.toContain("800101");
  });
});
