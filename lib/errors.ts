/**
 * Errors at the bottom of the import graph: what an action answers, the error its body
 * throws for the user to read, and the log of the unexpected. Imports nothing of Kassa but
 * the logger (lib/log.ts, itself at the bottom).
 */
import { log } from "@/lib/log";

/** The sale a duplicate-sale refusal repeats (a SaleView), for the "Sell again?" question. */
export interface EarlierSale {
  id: string;
  amountCents: number;
  reference: string;
  createdAt?: string;
}

/**
 * What every server action returns: a small typed result, never a stack trace.
 * `duplicateOf` is set only by the duplicate-sale guard of the counter-sale actions: the
 * sale made moments ago that this one repeats; the form asks "Sell again?".
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string>;
      duplicateOf?: EarlierSale;
      /** Why, as a code: a screen in another language (the kiosk) says it in its own words. */
      code: string;
    };

/** Thrown inside an action body for an error the user should read next to a field or the form. */
export class ActionError extends Error {
  readonly duplicateOf?: EarlierSale;
  /** The reason as a code (`ActionResult`'s `code`); "refused" when none is given. */
  readonly code: string;

  constructor(
    message: string,
    readonly field?: string,
    more: { duplicateOf?: EarlierSale; code?: string } = {},
  ) {
    super(message);
    this.name = "ActionError";
    this.duplicateOf = more.duplicateOf;
    this.code = more.code ?? "refused";
  }
}

/** Logs an unexpected error with message, stack and cause: never the input, a key or an ID number. */
export function logUnexpected(where: string, error: unknown): void {
  log().error({ err: error }, where);
}
