import { describe, expect, it } from "vitest";
import { matchingStep, newTotpSecret, totpCode, totpStep, totpUri } from "@/lib/auth/totp";

/** RFC 6238's SHA-1 secret, "12345678901234567890", in base32. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("authenticator codes (TOTP)", () => {
  it("makes RFC 6238's codes (the last six of its eight digits)", () => {
    const at = (seconds: number) => totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)));
    expect(at(59)).toBe("287082");
    expect(at(1111111109)).toBe("081804");
    expect(at(1111111111)).toBe("050471");
    expect(at(1234567890)).toBe("005924");
    expect(at(2000000000)).toBe("279037");
  });

  it("takes the code of this step or one either side, nothing older or newer, spaces allowed", () => {
    const now = new Date(1234567890 * 1000);
    const step = totpStep(now);
    const code = (s: number) => totpCode(RFC_SECRET, s);
    expect(matchingStep(RFC_SECRET, code(step), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, code(step - 1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, code(step + 1), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, code(step - 2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, code(step + 2), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, `${code(step).slice(0, 3)} ${code(step).slice(3)}`, now)).toBe(
      step,
    );
    expect(matchingStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(matchingStep(RFC_SECRET, "supervisor-demo-1", now)).toBeNull();
  });

  it("makes a new 160-bit secret each time, and the otpauth address an app reads", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, "supervisor", "Spaza & Co"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Spaza & Co:supervisor");
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: "Spaza & Co",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});
