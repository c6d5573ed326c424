import { describe, expect, it } from "vitest";
import { passwordProblem } from "@/lib/auth/password-strength";

describe("what a password must be", () => {
  it("refuses the weak passwords Kassa once took, and their 12-character cousins", () => {
    for (const weak of [
      "aaaaaaaaaa",
      "password12",
      "1234567890",
      "kassakassa",
      "Password1!",
      "aaaaaaaaaaaa",
      "password1234",
      "123456789012",
      "kassakassakassa",
      "Password123!",
      "P@ssw0rd2024!",
      "qwertyuiop12",
      "Sunshine2024!",
      "abcabcabcabc",
      "abcdefghijkl",
      "098765432109",
      "iloveyou12345",
    ])
      expect(passwordProblem(weak, "thandi"), weak).not.toBeNull();
  });

  it("needs at least 12 characters", () => {
    expect(passwordProblem("Gx7#qL2!vB", "thandi")).toMatch(/at least 12 characters/);
  });

  it("refuses the user name, or a password holding it", () => {
    expect(passwordProblem("thandi-nkosi-2024", "thandi")).toMatch(/user name/);
    expect(passwordProblem("XXthandiXXtill", "Thandi")).toMatch(/user name/);
  });

  it("refuses the most common passwords of the shipped list", () => {
    // From lib/auth/common-passwords.txt, at least 12 characters long as they stand.
    for (const common of ["1qaz2wsx3edc", "qazwsxedcrfv", "leavemealone"])
      expect(passwordProblem(common, "thandi"), common).toMatch(/common/);
  });

  it("takes long passwords of the cashier's own making", () => {
    for (const good of [
      "correct horse battery staple",
      "Mgwena-till-7-blue",
      "soweto spaza at dawn",
      "Zx9#mQ2!rT5&",
      "a-long-password",
    ])
      expect(passwordProblem(good, "thandi"), good).toBeNull();
  });
});
