/** Luhn (mod 10) check digits: STS meter numbers, SA ID numbers and the sandbox's notice numbers all use it. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  // Walk from the right; the digit next to the (future) check digit is doubled.
  for (let i = payload.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(payload[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

export function withLuhn(payload: string): string {
  return payload + String(luhnCheckDigit(payload));
}
