import "server-only";
import { z } from "zod";
import { centsToRands, randsToCents, type Cents } from "../money";

/**
 * Small pieces every wire schema uses. Schemas are `z.object`, which drops fields
 * Kassa does not know, so a richer answer from the real service still parses.
 */

/** Spec integers that some gateways send as digit strings. */
export const wireInt = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);

export const wireRands = z.number().finite();

/** Rands on the wire, cents inside: the only place the conversion happens. */
export function cents(rands: number): Cents {
  return randsToCents(rands);
}

/** Cents inside, rands on the wire; refuses fractions of a cent rather than sending them. */
export function toWireRands(amountCents: Cents): number {
  return centsToRands(amountCents);
}

export function centsOrNull(rands: number | null | undefined): Cents | null {
  return rands == null ? null : randsToCents(rands);
}

export function dateFromMs(ms: number): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a timestamp: ${ms}`);
  return date;
}

export function dateFromIso(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date-time: ${text}`);
  return date;
}
