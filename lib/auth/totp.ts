/**
 * Time-based one-time codes (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as every
 * authenticator app makes them from an `otpauth://` URI, by the otpauth library. The journal
 * keeps the secret (lib/auth/totp-store.ts), the step-up checks the code (lib/auth/step-up.ts).
 */
import { Secret, TOTP } from "otpauth";

const STEP_SECONDS = 30;
const DIGITS = 6;
/** Codes of one step either side are taken too: a phone's clock a little off, a slow typist. */
const WINDOW = 1;

function totp(secret: string, account = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: "SHA1",
    digits: DIGITS,
    period: STEP_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step a moment falls in. */
export function totpStep(now: Date): number {
  return TOTP.counter({ period: STEP_SECONDS, timestamp: now.getTime() });
}

/** The code of one step. */
export function totpCode(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * STEP_SECONDS * 1000 });
}

/** The step whose code `code` is, within the window around `now`; null when none is. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return null;
  const delta = totp(secret).validate({ token: typed, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** What an authenticator app reads (as text or as a QR code): the account, the issuer, the secret. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}
