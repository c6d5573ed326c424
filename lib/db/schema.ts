import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { PRINTER_CONNECTIONS } from "../printing/connection";
import {
  PAYMENT_METHODS,
  SALE_KINDS,
  SALE_STATUSES,
  type RawAnswer,
  type Sale,
  type SaleError,
} from "../sales/types";

export {
  PAYMENT_METHODS,
  SALE_ERROR_KINDS,
  SALE_KINDS,
  SALE_STATUSES,
  type PaymentMethod,
  type RawAnswer,
  type Sale,
  type SaleError,
  type SaleErrorKind,
  type SaleKind,
  type SaleStatus,
} from "../sales/types";

/** One pg-core schema for both PGlite (embedded) and PostgreSQL (production). */

/** A moment, with its time zone: every time Kassa keeps is one. */
const at = (name: string) => timestamp(name, { withTimezone: true });
/** A moment that defaults to when the row is written. */
const stampedAt = (name: string) => at(name).notNull().defaultNow();
const createdAt = () => stampedAt("created_at");
/** A row's own id, made by the database. */
const newId = () => uuid("id").primaryKey().defaultRandom();
// Columns naming a row of another table (declared below: drizzle reads a reference only when it
// builds the foreign keys).
const userRef = (name: string) => uuid(name).references(() => users.id);
const tillRef = (name: string) => text(name).references(() => tills.id);
const saleRef = (name: string) => uuid(name).references(() => sales.id);
const shiftRef = (name: string) => uuid(name).references(() => shifts.id);

export const ROLES = ["cashier", "supervisor", "kiosk"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable("users", {
  id: newId(),
  username: text("username").notNull().unique(),
  displayName: text("display_name").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  passwordHash: text("password_hash").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: at("locked_until"),
  disabled: boolean("disabled").notNull().default(false),
  createdAt: createdAt(),
});

/** A device: a counter till or a kiosk. Paper width and auto-print are per till. */
export const tills = pgTable("tills", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  kind: text("kind", { enum: ["counter", "kiosk"] })
    .notNull()
    .default("counter"),
  paperWidthMm: integer("paper_width_mm").notNull().default(80),
  autoPrint: boolean("auto_print").notNull().default(true),
  /** How the till prints: the browser's print (default), or ESC/POS over USB, serial or the network. */
  printerConnection: text("printer_connection", { enum: PRINTER_CONNECTIONS })
    .notNull()
    .default("browser"),
  /** The network printer the server prints to for this till (raw TCP), set by a supervisor. */
  printerHost: text("printer_host"),
  printerPort: integer("printer_port"),
  createdAt: createdAt(),
  /**
   * False for a printer that never answers DLE EOT (some network print servers): its jobs are
   * sent without asking, and only ever reported as sent, never as printed.
   */
  printerAnswersStatus: boolean("printer_answers_status").notNull().default(true),
});

/**
 * A browser enrolled by a supervisor as one till or kiosk. The browser holds a signed,
 * httpOnly cookie naming this row; revoking the row ends that browser's standing as a till.
 */
export const tillDevices = pgTable(
  "till_devices",
  {
    id: newId(),
    tillId: tillRef("till_id").notNull(),
    enrolledBy: userRef("enrolled_by").notNull(),
    enrolledAt: stampedAt("enrolled_at"),
    lastSeenAt: at("last_seen_at"),
    revokedAt: at("revoked_at"),
    revokedBy: userRef("revoked_by"),
  },
  (t) => [index("till_devices_till_idx").on(t.tillId)],
);

/** A signed-in session, so that idle time, the 12-hour limit and sign-out are enforced on the server. */
export const staffSessions = pgTable("staff_sessions", {
  id: newId(),
  userId: userRef("user_id").notNull(),
  tillId: tillRef("till_id"),
  /** The enrolled device the session was opened on; null for a supervisor in the office. */
  deviceId: uuid("device_id").references(() => tillDevices.id),
  createdAt: createdAt(),
  lastSeenAt: stampedAt("last_seen_at"),
  endedAt: at("ended_at"),
});

export const shifts = pgTable(
  "shifts",
  {
    id: newId(),
    userId: userRef("user_id").notNull(),
    tillId: tillRef("till_id").notNull(),
    openedAt: stampedAt("opened_at"),
    openingFloatCents: integer("opening_float_cents").notNull(),
    closedAt: at("closed_at"),
    closedBy: userRef("closed_by"),
    /** Counted cash by denomination at close: { "20000": 3, "5000": 2, ... } (cents → count). */
    countedDenominations: jsonb("counted_denominations").$type<Record<string, number>>(),
    countedCashCents: integer("counted_cash_cents"),
    expectedCashCents: integer("expected_cash_cents"),
    /** Z reports are numbered in order of closing and never change once written. */
    zNumber: integer("z_number").unique(),
    zReport: jsonb("z_report"),
    /** Set when a supervisor closed someone else's shift (hand-over or forgotten shift). */
    forceCloseReason: text("force_close_reason"),
  },
  (t) => [
    // One drawer per cashier: at most one open shift per cashier at a till.
    uniqueIndex("shifts_one_open_per_cashier_till")
      .on(t.tillId, t.userId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/**
 * The journal: one row per money-moving operation, committed as `pending` before the
 * core service is called. The idempotency key is unique in the database so that two
 * app instances can never both sell under one key.
 */
export const sales = pgTable(
  "sales",
  {
    id: newId(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: SALE_KINDS }).notNull(),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("pending"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** What the sale is for, searchable: meter number, account number, notice numbers, product id. */
    reference: text("reference").notNull(),
    userId: userRef("user_id").notNull(),
    tillId: tillRef("till_id").notNull(),
    shiftId: shiftRef("shift_id"),
    request: jsonb("request").notNull(),
    result: jsonb("result"),
    error: jsonb("error").$type<SaleError>(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: stampedAt("updated_at"),
    settledAt: at("settled_at"),
    /** A supervisor's resolution of an unknown sale or of a paid card order that was not delivered. */
    resolvedBy: userRef("resolved_by"),
    resolvedAt: at("resolved_at"),
    resolutionNote: text("resolution_note"),
    /**
     * What the request was for (kind, method, amount, meter/account/notices/product and
     * recipient): the same key with a different fingerprint is refused, never answered with
     * this sale. Null on rows written before fingerprints were kept.
     */
    fingerprint: text("fingerprint"),
    /** When the slip of this completed sale was first shown to its cashier. */
    slipSeenAt: at("slip_seen_at"),
    /** Every money-moving call's answer as received (HTTP status, body capped), in order. */
    rawAnswers: jsonb("raw_answers").$type<RawAnswer[]>(),
  },
  (t) => [
    index("sales_status_idx").on(t.status),
    index("sales_user_created_idx").on(t.userId, t.createdAt),
    index("sales_shift_idx").on(t.shiftId),
    index("sales_created_idx").on(t.createdAt),
    index("sales_reference_idx").on(t.reference),
  ],
);

export const ORDER_STATUSES = [
  "created",
  "PAID",
  "PENDING",
  "FAILED",
  "NO_ATTEMPT",
  "VERIFICATION_ERROR",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A card-payment order at the core service. Its id at the core service is the sale's id. */
export const cardOrders = pgTable(
  "card_orders",
  {
    saleId: saleRef("sale_id").primaryKey(),
    upstreamOrderId: text("upstream_order_id"),
    paymentPageUrl: text("payment_page_url"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("created"),
    amountCents: integer("amount_cents").notNull(),
    checks: integer("checks").notNull().default(0),
    createdAt: createdAt(),
    checkedAt: at("checked_at"),
    paidAt: at("paid_at"),
    /** Paid at the gateway but the sale then failed upstream: money to hand back. */
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** When the follower asks the core service next (lib/sales/card/follow.ts); null once final. */
    nextCheckAt: at("next_check_at"),
    /** PAID handled, FAILED, or unpaid at the end of its business day: nobody asks again. */
    final: boolean("final").notNull().default(false),
    /** The last time a till waiting on this sale asked (its polling): "the till is still on the sale". */
    tillSeenAt: at("till_seen_at"),
    /** PAID after the till stopped waiting: the customer paid and got nothing yet. */
    paidNotDeliveredAt: at("paid_not_delivered_at"),
    /** How a paid-not-delivered sale ended: delivered later, or refunded outside Kassa. */
    lateOutcome: text("late_outcome", { enum: ["delivered", "refunded"] }),
  },
  (t) => [index("card_orders_next_check_idx").on(t.nextCheckAt)],
);

export const CASH_MOVEMENT_KINDS = ["drop", "payout"] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

/**
 * Cash leaving the drawer during a shift: a drop to the safe or a pay-out, each with its
 * reason. They lower the cash expected at close and stand in the X and Z reports.
 */
export const cashMovements = pgTable(
  "cash_movements",
  {
    id: newId(),
    shiftId: shiftRef("shift_id").notNull(),
    tillId: tillRef("till_id").notNull(),
    userId: userRef("user_id").notNull(),
    kind: text("kind", { enum: CASH_MOVEMENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cash_movements_shift_idx").on(t.shiftId)],
);

/** The core service's ledger of one business day, kept because it only ever gives yesterday's. */
export const ledgerDays = pgTable("ledger_days", {
  /** The business day in Africa/Johannesburg, YYYY-MM-DD. */
  day: text("day").primaryKey(),
  /** The ledger as fetched (decoded by lib/office/reconciliation). */
  ledger: jsonb("ledger").notNull(),
  fetchedAt: stampedAt("fetched_at"),
});

/**
 * A supervisor's authenticator (TOTP, RFC 6238) for the step-up that money-moving overrides ask
 * for (lib/auth/step-up.ts). `secret` is sealed (AES-GCM under a key derived from
 * NEXTAUTH_SECRET, lib/auth/totp-store.ts), so a copy of the journal alone cannot make codes.
 * `confirmedAt` null: set up, waiting for its first code. `lastStep`: the 30-second step of the
 * last code taken, so a code is never taken twice. No row: the password confirms.
 */
export const staffTotp = pgTable("staff_totp", {
  userId: userRef("user_id").primaryKey(),
  secret: text("secret").notNull(),
  confirmedAt: at("confirmed_at"),
  lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
});

/** Who did what, from which device, when (UTC). Never a password, card number or API key. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: stampedAt("at"),
    userId: userRef("user_id"),
    username: text("username"),
    role: text("role"),
    tillId: text("till_id"),
    kind: text("kind").notNull(),
    subject: text("subject"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_at_idx").on(t.at), index("audit_kind_idx").on(t.kind)],
);

/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store): in the journal database so
 * that every instance of Kassa counts the same sign-in guesses and look-ups.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: at("expire"),
});

/**
 * A VAS quote as the core service gave it, kept by Kassa: the purchase charges the amount
 * recorded here, never an amount the browser sends back.
 */
export const vasQuotes = pgTable("vas_quotes", {
  id: newId(),
  userId: userRef("user_id").notNull(),
  quote: jsonb("quote").notNull(),
  createdAt: createdAt(),
  usedAt: at("used_at"),
});

/**
 * The one-time link to a kiosk receipt: issued once per sale to the kiosk session that paid,
 * opened once, within minutes. The next customer's Back or "Return to the shop" finds it used.
 */
export const kioskReceipts = pgTable("kiosk_receipts", {
  saleId: saleRef("sale_id").primaryKey(),
  sessionId: uuid("session_id").notNull(),
  tokenHash: text("token_hash").notNull(),
  issuedAt: stampedAt("issued_at"),
  openedAt: at("opened_at"),
});

/** Settings a supervisor changes at run time (low-balance threshold, ...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: stampedAt("updated_at"),
});

// --- The record anyone can check: a signed chain over the audit events (lib/record/) ---

/**
 * The chain: one entry per audit event, appended by the sealer (lib/record/sealer.ts) in a
 * gapless sequence from 1. `canonical` is the event as sealed (lib/record/canonical.ts), `hash`
 * the SHA-256 of the previous entry's hash and `canonical`, `signature` Ed25519 over `hash` by
 * Kassa's signing key, which is never in this database. Nothing in Kassa updates or deletes it.
 */
export const recordChain = pgTable("record_chain", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  auditId: bigint("audit_id", { mode: "number" }).notNull().unique(),
  canonical: text("canonical").notNull(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
  signature: text("signature").notNull(),
  sealedAt: stampedAt("sealed_at"),
});

/**
 * The chain's head as the sealer left it (one row, id 1): the last entry, the largest audit id
 * and newest event time sealed (where the next seal looks), the South African day of the last
 * seal (a later day closes it with a checkpoint) and the cumulative totals at the head.
 */
export const recordHead = pgTable("record_head", {
  id: integer("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
  maxAuditId: bigint("max_audit_id", { mode: "number" }).notNull(),
  lastAt: at("last_at").notNull(),
  day: text("day").notNull(),
  totals: jsonb("totals").$type<Record<string, { count: number; cents: number }>>().notNull(),
});

/**
 * Each row whose state the chain carries (`sales:<id>` ...): the entry of its last sealed
 * state (a slip's /verify page finds it here) and what it adds to the cumulative totals
 * (`total` null: nothing, e.g. a failed sale), so that a later state replaces it.
 */
export const recordObjects = pgTable("record_objects", {
  object: text("object").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  total: text("total"),
  cents: bigint("cents", { mode: "number" }).notNull().default(0),
});

/**
 * Signed checkpoints: the chain's head at a Z report (kind `z`, label the Z number) or at the
 * close of a South African business day (kind `day`, label YYYY-MM-DD). `body` is the signed
 * text itself; a copy goes outside the database (KASSA_CHECKPOINT_DIR, KASSA_CHECKPOINT_URL),
 * `exportedAt` says when it was written there.
 */
export const recordCheckpoints = pgTable(
  "record_checkpoints",
  {
    seq: bigint("seq", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["z", "day"] }).notNull(),
    label: text("label").notNull(),
    body: text("body").notNull(),
    signature: text("signature").notNull(),
    createdAt: createdAt(),
    exportedAt: at("exported_at"),
  },
  (t) => [uniqueIndex("record_checkpoints_kind_label").on(t.kind, t.label)],
);

export type User = typeof users.$inferSelect;
export type Till = typeof tills.$inferSelect;
export type Shift = typeof shifts.$inferSelect;
/** The row the table reads as is the one `Sale` (lib/sales/types.ts) describes: a change to either fails here. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _salesRowIsSale: Same<typeof sales.$inferSelect, Sale> = true;
export type CardOrder = typeof cardOrders.$inferSelect;
export type TillDevice = typeof tillDevices.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type CashMovement = typeof cashMovements.$inferSelect;

/* ---- Print jobs: a till reports the outcome only of a job Kassa issued, once ---- */

/**
 * A job handed to a till's browser for its USB or serial printer (a slip, a report, or a
 * drawer pulse alone). The browser reports what became of it under this id; the first report
 * is audited and marks the row, so an outcome can neither be made up nor repeated.
 */
export const printJobs = pgTable("print_jobs", {
  id: newId(),
  userId: userRef("user_id").notNull(),
  tillId: tillRef("till_id").notNull(),
  /** What the job's audit events name: a sale, a shift, "cash:<id>" or "till:<id>". */
  subject: text("subject").notNull(),
  connection: text("connection", { enum: PRINTER_CONNECTIONS }).notNull(),
  /** False for a drawer pulse alone. */
  printsSlip: boolean("prints_slip").notNull(),
  /** A drawer pulse goes with it (sent apart, first). */
  drawer: boolean("drawer").notNull(),
  /** Kept on its audit events: which report, reprint, what the drawer was opened for. */
  detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  reportedAt: at("reported_at"),
});
export type PrintJobRow = typeof printJobs.$inferSelect;
export type RecordCheckpoint = typeof recordCheckpoints.$inferSelect;
// ---- Customer care: "token not accepted" cases and tokens or PINs sent to the customer ----

/**
 * One "token not accepted" at the counter: the sale the cashier helped with, what the meter
 * showed (a code of lib/care/meter-codes.ts), the step Kassa gave, who helped, where, when.
 * The supervisor's list (office /meters) reads them.
 */
export const careCases = pgTable(
  "care_cases",
  {
    id: newId(),
    saleId: saleRef("sale_id").notNull(),
    meterNumber: text("meter_number").notNull(),
    code: text("code").notNull(),
    outcome: text("outcome").notNull(),
    userId: userRef("user_id").notNull(),
    tillId: text("till_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("care_cases_meter_idx").on(t.meterNumber),
    index("care_cases_at_idx").on(t.createdAt),
  ],
);

export const SEND_CHANNELS = ["sms", "email"] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
export const SEND_STATUSES = ["sending", "delivered", "failed"] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/**
 * A sale's tokens (or voucher PIN, or bill receipt) sent to the customer by SMS or e-mail, at
 * the customer's asking and with their consent. Only the masked address is kept: the number
 * or address itself is used for this one send and never stored.
 */
export const tokenSends = pgTable(
  "token_sends",
  {
    id: newId(),
    saleId: saleRef("sale_id").notNull(),
    channel: text("channel", { enum: SEND_CHANNELS }).notNull(),
    maskedAddress: text("masked_address").notNull(),
    /** The customer said yes, at the counter, to this one message. */
    consentAt: at("consent_at").notNull(),
    status: text("status", { enum: SEND_STATUSES }).notNull().default("sending"),
    attempts: integer("attempts").notNull().default(0),
    /** The gateway's or mail server's id of the message once delivered to it. */
    providerId: text("provider_id"),
    /** Why the last attempt failed, in the cashier's words. */
    error: text("error"),
    userId: userRef("user_id").notNull(),
    tillId: text("till_id").notNull(),
    createdAt: createdAt(),
    settledAt: at("settled_at"),
  },
  (t) => [index("token_sends_sale_idx").on(t.saleId)],
);

export type CareCase = typeof careCases.$inferSelect;
export type TokenSend = typeof tokenSends.$inferSelect;
// ---------------------------------------------------------------------------
// Mail: every message Kassa sends goes through one outbox, so a failed send is retried and
// shown in the office, never lost silently (lib/mail).

export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: newId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** queued: waiting for its next try; sent; failed: gave up after its tries (sent again by hand). */
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: at("next_attempt_at"),
    messageId: text("message_id"),
    createdAt: createdAt(),
    sentAt: at("sent_at"),
  },
  (t) => [index("mail_outbox_next_idx").on(t.status, t.nextAttemptAt)],
);
export type MailRow = typeof mailOutbox.$inferSelect;

// ---------------------------------------------------------------------------
// Commission: what the shop earns on each sale (lib/commission). Rates are only ever added
// (a change takes effect from a moment on, never rewriting sales before it); each completed
// sale's commission is computed once, when it settles, and kept beside it.

export const commissionRates = pgTable(
  "commission_rates",
  {
    id: newId(),
    kind: text("kind", { enum: SALE_KINDS }).notNull(),
    /** Only sales for this municipality (electricity, bills); null: any. */
    municipality: text("municipality"),
    /** Only this VAS product; null: any. */
    productId: text("product_id"),
    /** Only this VAS category (airtime, data, lotto, voucher); null: any. */
    category: text("category"),
    /** Percentage of the sale's amount in basis points (1 % = 100). */
    basisPoints: integer("basis_points").notNull().default(0),
    /** A fixed amount per sale. */
    fixedCents: integer("fixed_cents").notNull().default(0),
    effectiveFrom: at("effective_from").notNull(),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    /** Withdrawn before it took effect (a rate in force is replaced by a newer one, never withdrawn). */
    withdrawnAt: at("withdrawn_at"),
  },
  (t) => [index("commission_rates_kind_idx").on(t.kind, t.effectiveFrom)],
);
export type CommissionRate = typeof commissionRates.$inferSelect;

/** One completed sale's commission, computed when it settled with the rate then in force. */
export const saleCommissions = pgTable("sale_commissions", {
  saleId: saleRef("sale_id").primaryKey(),
  cents: integer("cents").notNull(),
  /** The rate applied; null when no rate covered the sale (commission 0). */
  rateId: uuid("rate_id").references(() => commissionRates.id),
  computedAt: stampedAt("computed_at"),
});

/** The commission a month's provider statement states, as the owner typed it, for the statement check. */
export const commissionStatements = pgTable("commission_statements", {
  /** YYYY-MM, South African months. */
  month: text("month").primaryKey(),
  statedCents: integer("stated_cents").notNull(),
  enteredBy: userRef("entered_by"),
  enteredAt: stampedAt("entered_at"),
});

// ---------------------------------------------------------------------------
// Float runway: the merchant balance read on a schedule (lib/runway).

export const balanceReadings = pgTable(
  "balance_readings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: stampedAt("at"),
    balanceCents: integer("balance_cents").notNull(),
  },
  (t) => [index("balance_readings_at_idx").on(t.at)],
);

// ---------------------------------------------------------------------------
// The owner's e-mail (lib/owner-mail): each summary and alert is sent once, whichever
// instance or restart gets there first; the key says what it was about.

export const ownerNotices = pgTable("owner_notices", {
  /** "summary:2026-11-26", "runway:2026-11-26", "variance:<shift id>", "unresolved:<sale id>". */
  key: text("key").primaryKey(),
  sentAt: stampedAt("sent_at"),
});
