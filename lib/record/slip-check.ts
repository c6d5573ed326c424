import { sql } from "drizzle-orm";
import type { Db } from "../db/open";
import type { PaymentMethod, SaleKind, SaleStatus } from "../db/schema";
import { rowsOf } from "./audit-rows";
import type { Signer } from "./keys";
import { readSlipCode, slipMacHolds } from "./slip-code";
import { saleStateSql } from "./state";

/**
 * What the public /verify/<code> page says about a slip: whether this shop's journal holds
 * the sale the code names, and only what any holder of the slip already reads on it (when,
 * what kind, how much, the meter or account masked to its last four digits) and the record's
 * word on it: sealed in the chain and unchanged since, not sealed yet, or changed since.
 * Never a token, a PIN, an ID number or a name. No server-only guard: tests check it directly.
 */
export type SlipCheck =
  | { found: false; reason: "not_a_code" | "unknown" }
  | {
      found: true;
      code: string;
      at: Date;
      kind: SaleKind;
      method: PaymentMethod;
      amountCents: number;
      status: SaleStatus;
      reference: string;
      record:
        | { state: "sealed"; seq: number }
        | { state: "not_sealed" }
        | { state: "differs"; seq: number };
    };

/** The last four characters of each number the sale was for: `…0005`, a voucher's product left out. */
export function maskedReference(kind: SaleKind, reference: string): string {
  const parts = reference.split(/\s+/).filter(Boolean);
  // A VAS sale's reference is "<product id> <mobile number>": only the number is the customer's.
  const numbers = kind === "vas" ? parts.slice(1) : parts;
  return numbers.length === 0 ? "—" : numbers.map((n) => `…${n.slice(-4)}`).join(", ");
}

export async function checkSlip(db: Db, signer: Signer, text: string): Promise<SlipCheck> {
  const read = readSlipCode(text);
  if (!read) return { found: false, reason: "not_a_code" };
  const candidates = rowsOf<{
    id: string;
    created_at: string;
    kind: SaleKind;
    method: PaymentMethod;
    amount_cents: number;
    status: SaleStatus;
    reference: string;
    seq: string | number | null;
    same: boolean | null;
  }>(
    await db.execute(sql`
      select s.id::text as id, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        s.kind, s.method, s.amount_cents, s.status, s.reference, o.seq,
        ((c.canonical::jsonb)->'detail'->'state') = ${saleStateSql("s")} as same
      from sales s
      left join record_objects o on o.object = 'sales:' || s.id::text
      left join record_chain c on c.seq = o.seq
      where s.id between ${read.from}::uuid and ${read.to}::uuid
      limit 20`),
  );
  const sale = candidates.find((c) => slipMacHolds(signer, c.id, read.mac));
  // Only completed sales have slips; anything else under a valid code is not a slip either.
  if (!sale || (sale.status !== "completed" && sale.seq === null))
    return { found: false, reason: "unknown" };
  const seq = sale.seq === null ? null : Number(sale.seq);
  return {
    found: true,
    code: read.code,
    at: new Date(sale.created_at),
    kind: sale.kind,
    method: sale.method,
    amountCents: sale.amount_cents,
    status: sale.status,
    reference: maskedReference(sale.kind, sale.reference),
    record:
      seq === null
        ? { state: "not_sealed" }
        : sale.same
          ? { state: "sealed", seq }
          : { state: "differs", seq },
  };
}
