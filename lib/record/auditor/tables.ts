/**
 * The auditor's export, modelled on DSFinV-K's layout: one CSV file per table and an index
 * (index.json) naming each file, its columns and their types, so an auditor's tool reads it
 * without Kassa. The same definitions write the export (write.ts) and read it back (check.ts).
 * Amounts are integer cents; times are UTC, ISO 8601. Pure.
 */
export interface ColumnDef {
  name: string;
  type: "text" | "integer" | "timestamp" | "boolean" | "json";
  description: string;
}

export interface TableDef {
  file: string;
  description: string;
  columns: ColumnDef[];
}

const c = (name: string, type: ColumnDef["type"], description: string): ColumnDef => ({
  name,
  type,
  description,
});

export const TABLES = {
  sales: {
    file: "sales.csv",
    description: "Every sale recorded in the period (its state now), one row each",
    columns: [
      c("sale_id", "text", "the sale's id (UUID); its slip's code names it"),
      c("created_at", "timestamp", "when it was recorded"),
      c("settled_at", "timestamp", "when its outcome was recorded"),
      c("kind", "text", "electricity, bill, fines or vas"),
      c("method", "text", "cash or card"),
      c("status", "text", "pending, completed, failed or unknown"),
      c("amount_cents", "integer", "the amount charged"),
      c(
        "reference",
        "text",
        "what it was for: meter, account, notice numbers, product and mobile number",
      ),
      c("user_id", "text", "the cashier's user id"),
      c("username", "text", "the cashier's user name"),
      c("till_id", "text", "the till"),
      c("shift_id", "text", "the shift it was sold in"),
      c("error_kind", "text", "why it failed or is unknown"),
      c("resolved_by", "text", "the supervisor who resolved it, if one did"),
    ],
  },
  lines: {
    file: "sale_lines.csv",
    description: "What each sale of the period sold: one line per fine, else one line",
    columns: [
      c("sale_id", "text", "the sale"),
      c("line", "integer", "1, 2, ..."),
      c("description", "text", "the notice, product or what was paid"),
      c("amount_cents", "integer", "the line's amount"),
    ],
  },
  payments: {
    file: "payments.csv",
    description: "How each sale of the period was paid; card orders at the core service",
    columns: [
      c("sale_id", "text", "the sale"),
      c("method", "text", "cash or card"),
      c("amount_cents", "integer", "the amount"),
      c("card_status", "text", "the card order's status at the core service"),
      c("card_paid_at", "timestamp", "when the card order was paid"),
      c("needs_refund", "boolean", "paid, and the sale then failed"),
      c("late_outcome", "text", "a paid-not-delivered sale: delivered later, or refunded"),
    ],
  },
  cashMovements: {
    file: "cash_movements.csv",
    description: "Cash drops to the safe and pay-outs in the period",
    columns: [
      c("id", "text", "the movement's id"),
      c("created_at", "timestamp", "when"),
      c("shift_id", "text", "the shift"),
      c("till_id", "text", "the till"),
      c("user_id", "text", "the cashier"),
      c("kind", "text", "drop or payout"),
      c("amount_cents", "integer", "the amount out of the drawer"),
      c("reason", "text", "the reason given"),
    ],
  },
  closings: {
    file: "closings.csv",
    description: "Z reports (shift closes) of the period",
    columns: [
      c("z_number", "integer", "the Z report's number"),
      c("shift_id", "text", "the shift"),
      c("till_id", "text", "the till"),
      c("user_id", "text", "the cashier whose shift it was"),
      c("opened_at", "timestamp", "when the shift opened"),
      c("closed_at", "timestamp", "when it closed"),
      c("closed_by", "text", "who closed it (a supervisor for a forced close)"),
      c("opening_float_cents", "integer", "the float"),
      c("expected_cash_cents", "integer", "cash the drawer should hold"),
      c("counted_cash_cents", "integer", "cash counted"),
      c("variance_cents", "integer", "counted minus expected"),
      c("force_close_reason", "text", "a supervisor's reason for closing it"),
    ],
  },
  chain: {
    file: "chain.csv",
    description:
      "The signed chain from the period's first entry to the head at export time: hash = SHA-256(previous hash bytes || canonical), signature = Ed25519 over the hash's 32 bytes by the public key in index.json",
    columns: [
      c("seq", "integer", "the entry's number, gapless"),
      c("audit_id", "integer", "the audit event it seals"),
      c("canonical", "json", "the event as sealed (PostgreSQL jsonb text)"),
      c("prev_hash", "text", "the previous entry's hash (hex)"),
      c("hash", "text", "this entry's hash (hex)"),
      c("signature", "text", "Ed25519 signature of the hash (base64)"),
    ],
  },
  checkpoints: {
    file: "checkpoints.csv",
    description: "Signed checkpoints (Z reports, business days) within the exported chain",
    columns: [
      c("checkpoint", "json", "the checkpoint's canonical body (sorted keys), as signed"),
      c("signature", "text", "Ed25519 signature of the body's UTF-8 bytes (base64)"),
    ],
  },
} satisfies Record<string, TableDef>;

export type TableName = keyof typeof TABLES;

export const EXPORT_FORMAT = "kassa-audit-export-1";
