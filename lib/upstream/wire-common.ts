import "server-only";
import { z } from "zod";
import { centsToRands, randsToCents, type Cents } from "@/lib/money";
import { log } from "@/lib/log";

/**
 * Small pieces every wire schema uses. Schemas are `z.object`, which drops fields
 * Kassa does not know, so a richer answer from the real service still parses.
 */

/** Spec integers that some gateways send as digit strings. */
export const wireInt = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** An int64 (UNIX milliseconds): a number, or digits in a string as JSON libraries write longs. */
export const wireInt64 = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^\d{1,16}$/)
    .transform(Number),
]);

/** Spec numbers (rands, units): a number or a numeric string ("12.50"). */
export const wireRands = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** `success` as the spec's booleans or the 1/0 some gateways send. */
export const wireSuccess = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(["true", "1"]).transform(() => true),
  z.enum(["false", "0"]).transform(() => false),
]);

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30). */
export const wireDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "not a YYYY-MM-DD date")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, "not a calendar day");

/** A string the wire may send as a number (ids, receipt numbers, VAT numbers). */
export const wireText = z.union([z.string(), z.number().transform(String)]);

/**
 * The tolerant half of decoding: a field Kassa can sell without. One that does not
 * parse is dropped (undefined) and named in the log, never fatal for the answer.
 * The field's value is not logged: it may be personal data.
 */
export function soft<S extends z.ZodType>(name: string, schema: S) {
  return schema.nullish().catch(() => {
    log().warn({ field: name }, "core service answer: field dropped, not the expected type");
    return undefined;
  });
}

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
