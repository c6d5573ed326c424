import { sql } from "drizzle-orm";
import {
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

/** One pg-core schema for both PGlite (embedded) and PostgreSQL (production). */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const ROLES = ["cashier", "supervisor", "kiosk"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  username: text("username").notNull().unique(),
  displayName: text("display_name").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  passwordHash: text("password_hash").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
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
});

/**
 * A browser enrolled by a supervisor as one till or kiosk. The browser holds a signed,
 * httpOnly cookie naming this row; revoking the row ends that browser's standing as a till.
 */
export const tillDevices = pgTable(
  "till_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tillId: text("till_id")
      .notNull()
      .references(() => tills.id),
    enrolledBy: uuid("enrolled_by")
      .notNull()
      .references(() => users.id),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id),
  },
  (t) => [index("till_devices_till_idx").on(t.tillId)],
);

/** A signed-in session, so that idle time, the 12-hour limit and sign-out are enforced on the server. */
export const staffSessions = pgTable("staff_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id),
  tillId: text("till_id").references(() => tills.id),
  /** The enrolled device the session was opened on; null for a supervisor in the office. */
  deviceId: uuid("device_id").references(() => tillDevices.id),
  createdAt: createdAt(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp("ended_at", { withTimezone: true }),
});

export const shifts = pgTable(
  "shifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tillId: text("till_id")
      .notNull()
      .references(() => tills.id),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    openingFloatCents: integer("opening_float_cents").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: uuid("closed_by").references(() => users.id),
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

export const SALE_KINDS = ["electricity", "bill", "fines", "vas"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const SALE_STATUSES = ["pending", "completed", "failed", "unknown"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const PAYMENT_METHODS = ["cash", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The journal: one row per money-moving operation, committed as `pending` before the
 * core service is called. The idempotency key is unique in the database so that two
 * app instances can never both sell under one key.
 */
export const sales = pgTable(
  "sales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: SALE_KINDS }).notNull(),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("pending"),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** What the sale is for, searchable: meter number, account number, notice numbers, product id. */
    reference: text("reference").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tillId: text("till_id")
      .notNull()
      .references(() => tills.id),
    shiftId: uuid("shift_id").references(() => shifts.id),
    request: jsonb("request").notNull(),
    result: jsonb("result"),
    error: jsonb("error").$type<{ kind: string; code?: number; message: string }>(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** A supervisor's resolution of an unknown sale or of a paid card order that was not delivered. */
    resolvedBy: uuid("resolved_by").references(() => users.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note"),
    /**
     * What the request was for (kind, method, amount, meter/account/notices/product and
     * recipient): the same key with a different fingerprint is refused, never answered with
     * this sale. Null on rows written before fingerprints were kept.
     */
    fingerprint: text("fingerprint"),
    /** When the slip of this completed sale was first shown to its cashier. */
    slipSeenAt: timestamp("slip_seen_at", { withTimezone: true }),
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

/** One call's answer as the core service sent it; `status` null when no answer came (timeout, drop). */
export interface RawAnswer {
  operation: string;
  at: string;
  status: number | null;
  /** The body as received, whole (the transport never reads more than 1 MiB). */
  body: string | null;
  /**
   * Why no answer (or no body) came: "timeout", "connection" (may have reached), "not_sent",
   * "too_large" (over 1 MiB: not read, the call counts as malformed).
   */
  failure?: string;
}

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
    saleId: uuid("sale_id")
      .primaryKey()
      .references(() => sales.id),
    upstreamOrderId: text("upstream_order_id"),
    paymentPageUrl: text("payment_page_url"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("created"),
    amountCents: integer("amount_cents").notNull(),
    checks: integer("checks").notNull().default(0),
    createdAt: createdAt(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Paid at the gateway but the sale then failed upstream: money to hand back. */
    needsRefund: boolean("needs_refund").notNull().default(false),
    /** When the follower asks the core service next (lib/sales/card/follow.ts); null once final. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** PAID handled, FAILED, or unpaid at the end of its business day: nobody asks again. */
    final: boolean("final").notNull().default(false),
    /** The last time a till waiting on this sale asked (its polling): "the till is still on the sale". */
    tillSeenAt: timestamp("till_seen_at", { withTimezone: true }),
    /** PAID after the till stopped waiting: the customer paid and got nothing yet. */
    paidNotDeliveredAt: timestamp("paid_not_delivered_at", { withTimezone: true }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    shiftId: uuid("shift_id")
      .notNull()
      .references(() => shifts.id),
    tillId: text("till_id")
      .notNull()
      .references(() => tills.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
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
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, from which device, when (UTC). Never a password, card number or API key. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: uuid("user_id").references(() => users.id),
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
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * A VAS quote as the core service gave it, kept by Kassa: the purchase charges the amount
 * recorded here, never an amount the browser sends back.
 */
export const vasQuotes = pgTable("vas_quotes", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id),
  quote: jsonb("quote").notNull(),
  createdAt: createdAt(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * The one-time link to a kiosk receipt: issued once per sale to the kiosk session that paid,
 * opened once, within minutes. The next customer's Back or "Return to the shop" finds it used.
 */
export const kioskReceipts = pgTable("kiosk_receipts", {
  saleId: uuid("sale_id")
    .primaryKey()
    .references(() => sales.id),
  sessionId: uuid("session_id").notNull(),
  tokenHash: text("token_hash").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  openedAt: timestamp("opened_at", { withTimezone: true }),
});

/** Settings a supervisor changes at run time (low-balance threshold, ...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type Till = typeof tills.$inferSelect;
export type Shift = typeof shifts.$inferSelect;
export type Sale = typeof sales.$inferSelect;
export type CardOrder = typeof cardOrders.$inferSelect;
export type TillDevice = typeof tillDevices.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type CashMovement = typeof cashMovements.$inferSelect;
