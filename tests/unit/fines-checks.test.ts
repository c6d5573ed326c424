import { describe, expect, it } from "vitest";
import { checkRegistrationNumber } from "@/lib/kinds/fines/registration";
import { checkNoticeNumber } from "@/lib/kinds/fines/notice";
import { checkLookup } from "@/lib/kinds/fines/lookup-kind";

const TODAY = new Date(Date.UTC(2026, 5, 1));

describe("business registration numbers", () => {
  it.each([
    ["2015/123456/07", "2015/123456/07"],
    ["1998/012345/06", "1998/012345/06"],
    [" 2020 / 654321 / 07 ", "2020/654321/07"],
    ["2015-123456-07", "2015/123456/07"],
  ])("accepts %s as %s", (text, expected) => {
    expect(checkRegistrationNumber(text, TODAY)).toEqual({
      ok: true,
      registrationNumber: expected,
    });
  });

  it.each([
    ["", /Enter the registration number/],
    ["2015/12345/07", /YYYY\/NNNNNN\/NN/],
    ["15/123456/07", /YYYY\/NNNNNN\/NN/],
    ["2015/123456/7", /YYYY\/NNNNNN\/NN/],
    ["2015123456 07", /YYYY\/NNNNNN\/NN/],
    ["K2015/123456/07", /YYYY\/NNNNNN\/NN/],
    ["2031/123456/07", /2031 is not possible/],
    ["1700/123456/07", /1700 is not possible/],
  ])("refuses %s", (text, message) => {
    const r = checkRegistrationNumber(text, TODAY);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe("notice numbers", () => {
  it.each([
    ["0212600000000019", "0212600000000019"],
    ["02-1260-0000-0000-19", "0212600000000019"],
    ["0212 6000 0000 0019", "0212600000000019"],
    // The check digit is the core service's to judge (code 10), not Kassa's.
    ["0212600000000010", "0212600000000010"],
    ["1234567890", "1234567890"],
  ])("accepts %s", (text, expected) => {
    expect(checkNoticeNumber(text)).toEqual({ ok: true, noticeNumber: expected });
  });

  it.each([
    ["", /Enter the notice number/],
    ["12345", /10 to 20 digits; this one has 5/],
    ["123456789012345678901", /this one has 21/],
    ["02126000000000AB", /digits only/],
  ])("refuses %s", (text, message) => {
    const r = checkNoticeNumber(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe("the look-up check", () => {
  it("applies the rule of the kind chosen and returns the number as it is sent", () => {
    expect(checkLookup("id", "800101 5009 087", TODAY)).toEqual({
      ok: true,
      value: "8001015009087",
    });
    expect(checkLookup("registration", "2015-123456-07", TODAY)).toEqual({
      ok: true,
      value: "2015/123456/07",
    });
    expect(checkLookup("notice", "0212-6000-0000-0019", TODAY)).toEqual({
      ok: true,
      value: "0212600000000019",
    });
    expect(checkLookup("id", "2015/123456/07", TODAY).ok).toBe(false);
    expect(checkLookup("registration", "8001015009087", TODAY).ok).toBe(false);
  });
});
