/** Everything the sandbox remembers, in memory; reset() puts back the seed. */
import { ACCOUNTS, METERS } from "./data-meters";
import type { Dialect } from "./dialect-names";

export type TxnKind = "electricity" | "bill" | "fines" | "vas" | "card_payment";

export interface Txn {
  id: string;
  kind: TxnKind;
  path: string;
  idempotency: string | null;
  reference: string;
  amountCents: number;
  timestamp: number;
  /** The merchant-balance slot the sale counts against; null for card payments (not merchant credit). */
  service: { type: string; spec: string } | null;
  meterNumber: string | null;
  receipt: string | null;
  /** What the customer was given to use: electricity tokens, a voucher's PIN, a serial or ticket number. */
  proof?: string[];
  /** The request body as received (VAS purchases), so a test sees exactly what was sent. */
  request?: unknown;
}

export interface BillReceipt {
  receiptNo: string;
  accountNumber: string;
  name: string;
  municipality: string;
  amountCents: number;
  outstandingCents: number;
  timestamp: number;
}

export type OrderState = "CREATED" | "PENDING" | "APPROVED" | "DECLINED" | "CANCELLED";

export interface Order {
  orderId: string;
  vendorId: string;
  merchantId: string;
  description: string;
  totalCents: number;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  redirectSuccess: string;
  redirectCancel: string;
  createdAt: number;
  updatedAt: number;
  state: OrderState;
}

export type FaultKind = "latency" | "timeout" | "http500" | "malformed" | "drop" | "refuse";

export interface Fault {
  path: string;
  kind: FaultKind;
  remaining: number;
  ms: number;
  variant: "text" | "shape";
  /** "refuse": the errorNo answered (default 1005, merchant credit insufficient). */
  code?: number;
}

export interface Quote {
  quoteId: string;
  productId: string;
  amountCents: number;
  totalCents: number;
  recipient: string | null;
  expiresAt: number;
  used: boolean;
}

export interface LedgerEdits {
  extra: { paymentReference: string; amountCents: number; timestamp: number; status: string }[];
  amendedCents: Map<string, number>;
  hidden: Set<string>;
  verificationErrors: string[];
  /** What the ledger says as its businessDate instead of the day it covers (any text: a junk ledger). */
  businessDate?: string;
}

/** One text the sandbox's SMS gateway accepted (lib/sandbox/sms.ts). */
export interface SmsMessage {
  apiMessageId: string;
  to: string;
  content: string;
  timestamp: number;
}

export const SEED_BALANCE_CENTS = 5_000_000;
const DAY = 86_400_000;

export class SandboxState {
  clockOffsetMs = 0;
  balanceCents = SEED_BALANCE_CENTS;
  deposits: { amountCents: number; timestamp: number; id: string }[] = [];
  meterOutstanding = new Map<string, number>();
  accountDue = new Map<string, number>();
  /** Idempotency key -> the purchase result first returned for it. */
  idempotent = new Map<string, unknown>();
  transactions: Txn[] = [];
  /** Notice numbers marked paid since the seed, with the registry numbers given. */
  paidNotices = new Map<string, { invoiceNumber: string; receiptNumber: string }>();
  billReceipts = new Map<string, BillReceipt>();
  orders = new Map<string, Order>();
  orderScripts = new Map<string, string[]>();
  quotes = new Map<string, Quote>();
  faults: Fault[] = [];
  /** Texts the SMS gateway accepted since the reset. */
  smsMessages: SmsMessage[] = [];
  /**
   * Meters whose vends carry a key change (two key-change tokens, then the new SGC/KRN), set
   * with POST /__sandbox/meters/key-change; a meter not listed follows its scenario.
   */
  keyChangePending = new Map<string, boolean>();
  /** Every API request that reached a route, per path, repeats of one key included. */
  requests = new Map<string, number>();
  /** Dialects switched on, per API path ("*" for every path). */
  dialects = new Map<string, Set<Dialect>>();
  ledger: LedgerEdits = {
    extra: [],
    amendedCents: new Map(),
    hidden: new Set(),
    verificationErrors: [],
  };
  private seq = 0;

  constructor() {
    this.reset();
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** A growing number for receipt, order and registry numbers: unique within one sandbox run. */
  next(): number {
    this.seq += 1;
    return this.seq;
  }

  reset(): void {
    const now = Date.now();
    this.clockOffsetMs = 0;
    this.balanceCents = SEED_BALANCE_CENTS;
    // Two deposits make up the seed credit, so `payments` has something to say.
    this.deposits = [
      { id: "DEP-0001", amountCents: 3_000_000, timestamp: now - 10 * DAY },
      { id: "DEP-0002", amountCents: 2_000_000, timestamp: now - 3 * DAY },
    ];
    this.meterOutstanding = new Map(
      METERS.filter((m) => m.outstandingCents > 0).map((m) => [m.meterNumber, m.outstandingCents]),
    );
    this.accountDue = new Map(ACCOUNTS.map((a) => [a.accountNumber, a.amountDueCents]));
    this.idempotent = new Map();
    this.transactions = [];
    this.paidNotices = new Map();
    this.billReceipts = new Map();
    this.orders = new Map();
    this.orderScripts = new Map();
    this.quotes = new Map();
    this.faults = [];
    this.smsMessages = [];
    this.keyChangePending = new Map();
    this.requests = new Map();
    this.dialects = new Map();
    this.ledger = { extra: [], amendedCents: new Map(), hidden: new Set(), verificationErrors: [] };
    // Start numbering away from zero so receipt numbers look like real ones.
    this.seq = 100_000 + (Math.floor(now / 1000) % 100_000) * 10;
  }

  record(txn: Omit<Txn, "id" | "timestamp"> & { timestamp?: number }): Txn {
    const full: Txn = {
      ...txn,
      id: `SBX-TXN-${this.next()}`,
      timestamp: txn.timestamp ?? this.now(),
    };
    this.transactions.push(full);
    if (full.service) this.balanceCents -= full.amountCents;
    return full;
  }

  /** The next fault for a path, consuming one of its count; "*" matches every /api path. */
  takeFault(path: string, wildcard = true): Fault | null {
    const fault = this.faults.find(
      (f) =>
        f.remaining > 0 &&
        (f.path.toLowerCase() === path.toLowerCase() || (wildcard && f.path === "*")),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return fault;
  }

  /** The dialects that apply to a path: its own and those set for "*". */
  dialectsFor(path: string): Set<Dialect> {
    const own = this.dialects.get(path.toLowerCase()) ?? new Set<Dialect>();
    return new Set([...own, ...(this.dialects.get("*") ?? [])]);
  }

  dialectOn(path: string, dialect: Dialect): boolean {
    return this.dialectsFor(path).has(dialect);
  }

  /** Whether a vend of this meter now carries a key change: the switch, else its scenario. */
  keyChangeDue(meter: { meterNumber: string; scenario: string }): boolean {
    return (
      this.keyChangePending.get(meter.meterNumber) ??
      (meter.scenario === "key_change" || meter.scenario === "key_change_fbe")
    );
  }

  findOrder(id: string): Order | undefined {
    return this.orders.get(id) ?? [...this.orders.values()].find((o) => o.vendorId === id);
  }
}
