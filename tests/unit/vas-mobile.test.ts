import { describe, expect, it } from "vitest";
import { formatMobileNumber, normaliseMobileNumber } from "@/lib/kinds/vas/mobile";

describe("normaliseMobileNumber", () => {
  it.each([
    ["0821234567", "27821234567"],
    ["082 123 4567", "27821234567"],
    ["082-123-4567", "27821234567"],
    ["(082) 123 4567", "27821234567"],
    ["+27821234567", "27821234567"],
    ["+27 82 123 4567", "27821234567"],
    ["27821234567", "27821234567"],
    ["0612345678", "27612345678"],
    [" 0731234567 ", "27731234567"],
  ])("accepts %s as %s", (typed, normal) => {
    expect(normaliseMobileNumber(typed)).toBe(normal);
  });

  it.each([
    ["", "empty"],
    ["082123456", "9 digits"],
    ["08212345678", "11 digits"],
    ["8212345678", "no leading 0"],
    ["+2782123456", "+27 with 8 digits"],
    ["+278212345678", "+27 with 10 digits"],
    ["+270821234567", "+27 followed by the trunk 0"],
    ["0121234567", "a landline (012)"],
    ["0212345678", "a landline (021)"],
    ["+44 7911 123456", "another country"],
    ["082123456a", "a letter"],
    ["082/123/4567", "slashes"],
  ])("refuses %s (%s)", (typed) => {
    expect(normaliseMobileNumber(typed)).toBeNull();
  });

  it("gives the same normal form for every way of writing one number", () => {
    const forms = ["0821234567", "+27821234567", "27821234567", "082 123 4567"].map(
      normaliseMobileNumber,
    );
    expect(new Set(forms).size).toBe(1);
  });
});

describe("formatMobileNumber", () => {
  it("shows the normal form as the customer knows it", () => {
    expect(formatMobileNumber("27821234567")).toBe("082 123 4567");
  });
});
