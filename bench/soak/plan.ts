import { Rng } from "./rng";

/**
 * The seeded schedule: every sale each till will try (kind, customer, amount, payment, the
 * fault it meets, whether its answer is lost), the kiosk's customers, and the instance-wide
 * chaos (kills, database cuts, the core service's clock across midnight). Drawn once from
 * the seed before anything runs, so `--seed N` always tries the same things.
 */

/** Every prepaid meter scenario the sandbox has (docs/sandbox.md), with its minimum in rand. */
export const METERS = [
  { meter: "01100000007", municipality: "tshwane_prepaid", scenario: "normal", min: 10 },
  { meter: "01200000006", municipality: "tshwane_prepaid", scenario: "fbe", min: 10 },
  { meter: "01300000005", municipality: "tshwane_prepaid", scenario: "key_change", min: 10 },
  { meter: "01400000004", municipality: "tshwane_prepaid", scenario: "key_change_fbe", min: 10 },
  { meter: "01500000003", municipality: "tshwane_prepaid", scenario: "arrears", min: 50 },
  { meter: "01600000002", municipality: "tshwane_prepaid", scenario: "fixed_charges", min: 100 },
  { meter: "01700000001", municipality: "tshwane_prepaid", scenario: "fbe_only", min: 0 },
  { meter: "02100000005", municipality: "zeerust_prepaid", scenario: "normal", min: 20 },
  { meter: "02500000001", municipality: "zeerust_prepaid", scenario: "arrears", min: 50 },
  { meter: "03300000001", municipality: "mogale_prepaid", scenario: "key_change", min: 10 },
  { meter: "03600000008", municipality: "mogale_prepaid", scenario: "fixed_charges", min: 100 },
  { meter: "04200000000", municipality: "ngwathe_prepaid", scenario: "fbe", min: 25 },
  { meter: "1411000000008", municipality: "tshwane_prepaid", scenario: "normal", min: 10 },
] as const;

const ACCOUNTS = [
  { account: "5000123456", municipality: "tshwane_postpaid" },
  { account: "5000654321", municipality: "tshwane_postpaid" },
  { account: "5000111111", municipality: "tshwane_postpaid" },
  { account: "3100200300", municipality: "mogale_postpaid" },
  { account: "3100400500", municipality: "mogale_postpaid" },
] as const;

/** Fines look-ups at the counter: people, businesses and notices, payable and refused ones. */
const FINE_LOOKUPS = [
  { kind: "id", value: "8503140123089" },
  { kind: "id", value: "7811025234082" },
  { kind: "id", value: "0101305789089" },
  { kind: "id", value: "7606185123087" },
  { kind: "registration", value: "2015/123456/07" },
  { kind: "registration", value: "1998/012345/06" },
  { kind: "notice", value: "0212600000000019" },
  { kind: "notice", value: "0312500000000028" },
  { kind: "notice", value: "0412600000000025" },
  { kind: "notice", value: "0512600000000016" },
] as const;

/** The kiosk's customers (ID numbers and notices only, as the kiosk offers). */
const KIOSK_LOOKUPS = [
  { kind: "id", value: "9006155123084" },
  { kind: "id", value: "8707125800088" },
  { kind: "id", value: "9511235679088" },
  { kind: "id", value: "8804126341087" },
  { kind: "notice", value: "0222600000000033" },
  { kind: "notice", value: "0212600000000043" },
] as const;

const VAS = {
  airtime: [
    { productId: "VOD-AIR-10" },
    { productId: "MTN-AIR-30" },
    { productId: "VOD-AIR-OPEN", open: [2, 300] },
    { productId: "CELLC-AIR-OPEN", open: [5, 200] },
    { productId: "TELKOM-AIR-OPEN", open: [5, 200] },
  ],
  data: [
    { productId: "VOD-DATA-1GB" },
    { productId: "MTN-DATA-2GB" },
    { productId: "CELLC-DATA-500MB" },
  ],
  voucher: [
    { productId: "GOOGLEPLAY-100" },
    { productId: "SHOWMAX-99" },
    { productId: "BETWAY-OPEN", open: [10, 500] },
    { productId: "TAKEALOT-OPEN", open: [50, 500] },
  ],
  lotto: [{ productId: "LOTTO-QP" }, { productId: "POWERBALL-QP" }],
} as const;

export type VasCategory = keyof typeof VAS;
export type PlannedKind = "electricity" | "bill" | "fines" | VasCategory;
/** What the customer at the card machine does. */
export type CardBehaviour = "pay" | "decline" | "cancel" | "pay_late" | "pay_twice";
/** A fault of the core service for this sale's money-moving call (docs/sandbox.md "Fault kinds"). */
export type SandboxFault =
  | { kind: "latency"; ms: number }
  | { kind: "timeout" }
  | { kind: "http500" }
  | { kind: "malformed"; variant: "text" | "shape" }
  | { kind: "drop" }
  | { kind: "refuse_after_drop" };

export interface PlannedSale {
  n: number;
  till: number;
  kind: PlannedKind;
  key: string;
  method: "cash" | "card";
  card?: CardBehaviour;
  fault?: SandboxFault;
  /** The till stops waiting for Kassa's answer after this many ms and asks by key. */
  loseAnswerAfterMs?: number;
  /** The cashier presses Retry on a "Not confirmed" answer of a repeatable kind. */
  cashierRetries: boolean;
  electricity?: { meter: string; municipality: string; amount: number };
  bill?: { account: string; municipality: string; amount: string };
  fines?: { kind: string; value: string };
  vas?: { productId: string; amount?: string; mobile?: string };
  /** After the sale: a cash drop, a reprint of the slip, a shift close with a count. */
  then: ("drop" | "reprint" | "close")[];
}

export interface KioskSale {
  n: number;
  key: string;
  lookup: { kind: string; value: string };
  card: Exclude<CardBehaviour, "pay_late">;
}

export type Chaos =
  | { at: number; what: "sigkill" | "sigterm"; instance: number }
  | { at: number; what: "db_cut"; ms: number }
  | { at: number; what: "midnight" };

export interface Plan {
  sales: PlannedSale[];
  kiosk: KioskSale[];
  chaos: Chaos[];
}

function fault(rng: Rng, timeoutMs: number): SandboxFault {
  const kind = rng.weighted({
    latency_short: 2,
    latency_around: 3,
    timeout: 2,
    http500: 2,
    malformed: 2,
    drop: 2,
    refuse_after_drop: 1,
  });
  if (kind === "latency_short") return { kind: "latency", ms: rng.int(100, 1500) };
  if (kind === "latency_around")
    return { kind: "latency", ms: timeoutMs + rng.int(-timeoutMs / 4, timeoutMs / 4) };
  if (kind === "malformed") return { kind, variant: rng.chance(0.5) ? "text" : "shape" };
  return { kind } as SandboxFault;
}

function mobile(rng: Rng): string {
  return `0${rng.pick(["6", "7", "8"])}${rng.int(10_000_000, 99_999_999)}`;
}

export interface PlanOptions {
  seed: number;
  sales: number;
  tills: number;
  instances: number;
  timeoutMs: number;
  /** Share of sales that meet a core-service fault. */
  faultRate: number;
}

export function drawPlan(o: PlanOptions): Plan {
  const rng = new Rng(o.seed);
  const sales: PlannedSale[] = [];
  for (let n = 0; n < o.sales; n++) {
    const kind = rng.weighted<PlannedKind>({
      electricity: 40,
      bill: 12,
      fines: 6,
      airtime: 14,
      data: 8,
      voucher: 12,
      lotto: 8,
    });
    const method = rng.chance(0.22) ? "card" : "cash";
    const sale: PlannedSale = {
      n,
      till: n % o.tills,
      kind,
      key: rng.uuid(),
      method,
      cashierRetries: rng.chance(0.5),
      then: [],
    };
    if (method === "card")
      sale.card = rng.weighted<CardBehaviour>({
        pay: 10,
        decline: 2,
        cancel: 2,
        pay_late: 2,
        pay_twice: 1,
      });
    if (kind === "electricity") {
      const m = rng.pick(METERS);
      // The FBE-only meter also at R 0: only its free token.
      const amount = m.scenario === "fbe_only" && rng.chance(0.4) ? 0 : m.min + rng.int(0, 40) * 5;
      sale.electricity = { meter: m.meter, municipality: m.municipality, amount };
      // Nothing to pay by card for an amount of 0.
      if (amount === 0) {
        sale.method = "cash";
        delete sale.card;
      }
    } else if (kind === "bill") {
      const a = rng.pick(ACCOUNTS);
      sale.bill = {
        account: a.account,
        municipality: a.municipality,
        amount: `${rng.int(1, 900)}.${rng.pick(["00", "50", "10", "90"])}`,
      };
    } else if (kind === "fines") {
      sale.fines = rng.pick(FINE_LOOKUPS);
    } else {
      const p = rng.pick<{ productId: string; open?: readonly number[] }>(VAS[kind]);
      sale.vas = {
        productId: p.productId,
        amount: p.open ? String(rng.int(p.open[0]!, p.open[1]!)) : undefined,
        mobile: kind === "airtime" || kind === "data" ? mobile(rng) : undefined,
      };
    }
    if (rng.chance(o.faultRate)) sale.fault = fault(rng, o.timeoutMs);
    if (rng.chance(0.06)) sale.loseAnswerAfterMs = rng.int(20, 2500);
    if (rng.chance(0.03)) sale.then.push("drop");
    if (rng.chance(0.05)) sale.then.push("reprint");
    if (rng.chance(0.015)) sale.then.push("close");
    sales.push(sale);
  }
  const kiosk: KioskSale[] = [];
  for (let n = 0; n < Math.max(2, Math.round(o.sales / 60)); n++)
    kiosk.push({
      n,
      key: rng.uuid(),
      lookup: rng.pick(KIOSK_LOOKUPS),
      card: rng.weighted({ pay: 6, decline: 1, cancel: 1, pay_twice: 1 }),
    });
  const chaos: Chaos[] = [];
  const every = (per: number) => Math.max(1, Math.round(o.sales / per));
  for (let i = 0; i < every(150); i++)
    chaos.push({
      at: rng.int(5, o.sales - 5),
      what: rng.chance(0.5) ? "sigkill" : "sigterm",
      instance: rng.int(0, o.instances - 1),
    });
  for (let i = 0; i < every(120); i++)
    chaos.push({ at: rng.int(5, o.sales - 5), what: "db_cut", ms: rng.int(500, 10_000) });
  chaos.push({
    at: rng.int(Math.floor(o.sales / 3), Math.floor((2 * o.sales) / 3)),
    what: "midnight",
  });
  chaos.sort((a, b) => a.at - b.at);
  return { sales, kiosk, chaos };
}
