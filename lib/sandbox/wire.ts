/** Reply shapes and the spec's envelopes, kept in one place so every area answers alike. */
import { centsToRands, formatRand } from "../money";
import { saHms, saYmd } from "./time";

export type Reply =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "html"; status: number; body: string }
  | { kind: "redirect"; location: string };

export function json(status: number, body: unknown): Reply {
  return { kind: "json", status, body };
}

export function html(status: number, body: string): Reply {
  return { kind: "html", status, body };
}

/** Electricity, bills, merchant and VAS envelope (success/data/error/errorNo). */
export function ok(data: unknown): Reply {
  return json(200, { success: true, data, error: null, errorNo: null });
}

export function fail(errorNo: number, message: string): Reply {
  return json(400, { success: false, data: null, error: `${errorNo} - ${message}`, errorNo });
}

export const ERR = {
  notFound: 1001,
  belowMin: 1002,
  aboveMax: 1003,
  unknownMunicipality: 1004,
  insufficientCredit: 1005,
  invalidRequest: 1006,
  blocked: 1007,
  productNotFound: 1101,
  amountOutOfRange: 1102,
  quoteInvalid: 1103,
  badRecipient: 1104,
} as const;

/** Wire rands from Kassa cents. */
export function rands(cents: number): number {
  return centsToRands(Math.round(cents));
}

/** Wire rands to cents, or null when the number is not a positive-or-zero amount with at most two decimals. */
export function wireCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const cents = Math.round(value * 100);
  return Math.abs(cents - value * 100) < 1e-6 ? cents : null;
}

/** A Purchase's wire rands as cents, or its refusal when they are not rands with at most two decimals. */
export function purchaseCents(amount: number): number | Reply {
  return (
    wireCents(amount) ??
    fail(ERR.invalidRequest, "Invalid request: amount must be rands with at most two decimals")
  );
}

/**
 * The refusal of a Purchase's amount outside [min, max] rands (`of` ends the message: " for
 * this meter") or over the merchant's credit; undefined when it may be sold.
 */
export function amountRefusal(
  amountCents: number,
  limits: { min: number; max: number; of?: string },
  creditCents: number,
): Reply | undefined {
  const of = limits.of ?? "";
  if (amountCents < limits.min * 100)
    return fail(
      ERR.belowMin,
      `Amount ${formatRand(amountCents)} is below the minimum of R ${limits.min}${of}`,
    );
  if (amountCents > limits.max * 100)
    return fail(
      ERR.aboveMax,
      `Amount ${formatRand(amountCents)} is above the maximum of R ${limits.max}${of}`,
    );
  if (amountCents > creditCents)
    return fail(ERR.insufficientCredit, "Merchant credit is insufficient for this sale");
  return undefined;
}

/**
 * The head of a Purchase's `details`, as Electricity and Bills both answer it: the provider's
 * record of the transaction (`desc` and `message` in its words), before the voucher.
 */
export function purchaseDetails(
  sale: { amountCents: number; vatCents: number; receiptNo: string; at: number },
  balanceCents: number,
  words: { desc: string; message: string },
) {
  const { amountCents, receiptNo, at } = sale;
  return {
    balance: rands(balanceCents),
    code: 0,
    date: saYmd(at),
    desc: words.desc,
    message: words.message,
    refno: receiptNo,
    time: saHms(at),
    trDetails: {
      amt: rands(amountCents),
      date: saYmd(at),
      no: receiptNo,
      status: "Success",
      time: saHms(at),
      vat: rands(sale.vatCents),
    },
  };
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** zod's first issue as one line, for error texts. */
export function firstIssue(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const issue = issues[0];
  if (!issue) return "invalid request";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The envelope's refusal of a body its schema does not read. */
export function invalidRequest(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Reply {
  return fail(ERR.invalidRequest, `Invalid request: ${firstIssue(issues)}`);
}

/** What a route handler gets: the parsed JSON body (null when absent or not JSON), path parameters and the sandbox. */
export interface Ctx {
  state: import("./state").SandboxState;
  origin: string;
  /** The API path without the /api prefix, e.g. /v2/Electricity/Purchase. */
  path: string;
  body: unknown;
  params: Record<string, string>;
  query: URLSearchParams;
}

export type Handler = (ctx: Ctx) => Reply;
