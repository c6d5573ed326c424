import crypto from "node:crypto";
import { slipCodeKey, type Signer } from "./keys";

/**
 * The code printed on every slip, which opens `/verify/<code>` (lib/record/slip-check.ts):
 * 16 characters of Crockford's base32 (no I, L, O or U, so nothing reads two ways), shown in
 * groups of four. The first 8 name the sale (the first 40 bits of its id, enough to find it
 * among millions with an index range); the last 8 are 40 bits of an HMAC of the whole id under
 * a key derived from Kassa's signing key. Nobody without that key can make a code this shop's
 * page accepts, and a code with any character changed matches no slip. Pure apart from
 * node:crypto.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const REF_CHARS = 8;
const MAC_CHARS = 8;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text) {
    value = ((value << 5) | ALPHABET.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const macOf = (key: Buffer, saleId: string) =>
  base32(crypto.createHmac("sha256", key).update(saleId).digest().subarray(0, 5));

/** The slip code of a sale: `K7Q2M9XA3FTRWP4D`. */
export function slipCode(signer: Signer, saleId: string): string {
  const ref = base32(Buffer.from(saleId.replace(/-/g, "").slice(0, 10), "hex"));
  return ref + macOf(slipCodeKey(signer), saleId);
}

/** A code as printed, in groups of four: `K7Q2-M9XA-3FTR-WP4D`. */
export const groupedCode = (code: string) => (code.match(/.{1,4}/g) ?? []).join("-");

/**
 * What a typed or scanned code says: the sale ids it may be (an inclusive range of the id's
 * first 40 bits) and its MAC; undefined when it cannot be a slip code. Lower case, dashes and
 * spaces are forgiven, and O, I and L read as 0, 1 and 1, as Crockford's base32 has it.
 */
export function readSlipCode(
  text: string,
): { code: string; from: string; to: string; mac: string } | undefined {
  const code = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== REF_CHARS + MAC_CHARS || [...code].some((c) => !ALPHABET.includes(c)))
    return undefined;
  const hex = fromBase32(code.slice(0, REF_CHARS)).toString("hex");
  const uuid = (tail: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 10)}${tail.slice(0, 2)}-${tail.slice(2, 6)}-${tail.slice(6, 10)}-${tail.slice(10)}`;
  return {
    code,
    from: uuid("0000000000000000000000"),
    to: uuid("ffffffffffffffffffffff"),
    mac: code.slice(REF_CHARS),
  };
}

/** Whether `mac` is this sale's, compared in constant time. */
export function slipMacHolds(signer: Signer, saleId: string, mac: string): boolean {
  const expected = Buffer.from(macOf(slipCodeKey(signer), saleId));
  const given = Buffer.from(mac);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
