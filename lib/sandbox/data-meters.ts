/**
 * Test meters and postpaid accounts. Meter numbers follow one rule so that they
 * can be remembered: 0 M S 0000000 C, where M is the municipality (1 Tshwane,
 * 2 Zeerust, 3 Mogale, 4 Ngwathe), S the scenario (see SCENARIO_DIGIT) and C the
 * Luhn check digit that real 11-digit STS meter numbers carry.
 */
import { withLuhn } from "./luhn";

export const PREPAID = [
  "tshwane_prepaid",
  "zeerust_prepaid",
  "mogale_prepaid",
  "ngwathe_prepaid",
] as const;
export const POSTPAID = ["tshwane_postpaid", "mogale_postpaid"] as const;
export type PrepaidMunicipality = (typeof PREPAID)[number];
export type PostpaidMunicipality = (typeof POSTPAID)[number];
export const isPrepaid = (m: string): m is PrepaidMunicipality =>
  (PREPAID as readonly string[]).includes(m);
export const isPostpaid = (m: string): m is PostpaidMunicipality =>
  (POSTPAID as readonly string[]).includes(m);

export type Scenario =
  | "normal"
  | "fbe"
  | "key_change"
  | "key_change_fbe"
  | "arrears"
  | "fixed_charges"
  | "fbe_only"
  | "blocked";

export const SCENARIO_DIGIT: Record<Scenario, number> = {
  normal: 1,
  fbe: 2,
  key_change: 3,
  key_change_fbe: 4,
  arrears: 5,
  fixed_charges: 6,
  fbe_only: 7,
  blocked: 9,
};

interface Tariff {
  label: string;
  /** Supply group code before and after a key change. */
  sgc: number;
  newSgc: number;
  /** Energy price excluding VAT, cents per kWh. */
  centsPerKwh: number;
  minLimit: number;
  maxLimit: number;
}

export const TARIFFS: Record<PrepaidMunicipality, Tariff> = {
  tshwane_prepaid: {
    label: "City of Tshwane",
    sgc: 201316,
    newSgc: 201317,
    centsPerKwh: 261,
    minLimit: 10,
    maxLimit: 5000,
  },
  zeerust_prepaid: {
    label: "Ramotshere Moiloa (Zeerust)",
    sgc: 300421,
    newSgc: 300422,
    centsPerKwh: 238,
    minLimit: 20,
    maxLimit: 3000,
  },
  mogale_prepaid: {
    label: "Mogale City",
    sgc: 401122,
    newSgc: 401123,
    centsPerKwh: 274,
    minLimit: 10,
    maxLimit: 4000,
  },
  ngwathe_prepaid: {
    label: "Ngwathe",
    sgc: 502233,
    newSgc: 502234,
    centsPerKwh: 229,
    minLimit: 25,
    maxLimit: 2500,
  },
};

export const FBE_KWH = 50;
/** Share of each tendered amount that goes to arrears while any are outstanding. */
export const ARREARS_PERCENT = 25;
/** Fixed charge deducted from every vend while fixed charges are outstanding, cents. */
export const FIXED_CHARGE_PER_VEND_CENTS = 6000;

export interface Meter {
  meterNumber: string;
  municipality: PrepaidMunicipality;
  scenario: Scenario;
  firstName: string;
  surname: string;
  phone: string | null;
  email: string | null;
  minLimit: number;
  maxLimit: number;
  tariffIndex: number;
  /** Arrears or fixed charges outstanding at seed, cents. */
  outstandingCents: number;
}

const PEOPLE: Record<PrepaidMunicipality, [string, string][]> = {
  tshwane_prepaid: [
    ["Thabo", "Mokoena"],
    ["Anna", "van der Merwe"],
    ["Kagiso", "Molefe"],
    ["Lindiwe", "Nkosi"],
    ["Pieter", "Botha"],
    ["Zanele", "Mahlangu"],
    ["Grace", "Maluleke"],
    ["Frans", "Steyn"],
  ],
  zeerust_prepaid: [
    ["Kabelo", "Motsepe"],
    ["Elsa", "Pretorius"],
    ["Tumelo", "Seleke"],
    ["Dineo", "Mothibi"],
    ["Johannes", "Kruger"],
    ["Boitumelo", "Moeng"],
  ],
  mogale_prepaid: [
    ["Sibusiso", "Zulu"],
    ["Megan", "Fourie"],
    ["Ayanda", "Cele"],
    ["Nomsa", "Khoza"],
    ["Riaan", "Venter"],
    ["Palesa", "Mokoka"],
  ],
  ngwathe_prepaid: [
    ["Tshepo", "Mofokeng"],
    ["Marike", "Jacobs"],
    ["Lerato", "Tau"],
    ["Puleng", "Nthako"],
    ["Hendrik", "Coetzee"],
    ["Mpho", "Radebe"],
  ],
};

const SCENARIOS_EVERYWHERE: Scenario[] = [
  "normal",
  "fbe",
  "key_change",
  "key_change_fbe",
  "arrears",
  "fixed_charges",
];

function limitsFor(m: PrepaidMunicipality, s: Scenario): { minLimit: number; maxLimit: number } {
  const t = TARIFFS[m];
  // Deductions need room: an arrears or fixed-charge vend must leave something for electricity.
  if (s === "arrears") return { minLimit: Math.max(t.minLimit, 50), maxLimit: t.maxLimit };
  if (s === "fixed_charges") return { minLimit: Math.max(t.minLimit, 100), maxLimit: t.maxLimit };
  if (s === "fbe_only") return { minLimit: 0, maxLimit: 1000 };
  return { minLimit: t.minLimit, maxLimit: t.maxLimit };
}

function buildMeters(): Meter[] {
  const meters: Meter[] = [];
  PREPAID.forEach((municipality, mi) => {
    const scenarios =
      municipality === "tshwane_prepaid"
        ? [...SCENARIOS_EVERYWHERE, "fbe_only" as const, "blocked" as const]
        : SCENARIOS_EVERYWHERE;
    scenarios.forEach((scenario, si) => {
      const [firstName, surname] = PEOPLE[municipality][si] ?? ["Test", "Customer"];
      const meterNumber = withLuhn(`0${mi + 1}${SCENARIO_DIGIT[scenario]}0000000`);
      meters.push({
        meterNumber,
        municipality,
        scenario,
        firstName,
        surname,
        phone: si % 2 === 0 ? `+2782555${String(mi)}${String(si).padStart(3, "0")}` : null,
        email:
          si % 3 === 0
            ? `${firstName.toLowerCase()}.${surname.toLowerCase().replace(/\s+/g, "")}@example.co.za`
            : null,
        ...limitsFor(municipality, scenario),
        tariffIndex: scenario.includes("fbe") ? 2 : 1,
        outstandingCents:
          scenario === "arrears" ? 245_000 : scenario === "fixed_charges" ? 36_000 : 0,
      });
    });
  });
  // A 13-digit meter (some newer meters carry 13 digits), otherwise a normal Tshwane vend.
  meters.push({
    meterNumber: withLuhn("141100000000"),
    municipality: "tshwane_prepaid",
    scenario: "normal",
    firstName: "Refilwe",
    surname: "Masilela",
    phone: null,
    email: null,
    ...limitsFor("tshwane_prepaid", "normal"),
    tariffIndex: 1,
    outstandingCents: 0,
  });
  return meters;
}

export const METERS: readonly Meter[] = buildMeters();

export interface Account {
  accountNumber: string;
  municipality: PostpaidMunicipality;
  name: string;
  address: string;
  amountDueCents: number;
  dueDate: string | null;
}

export const ACCOUNTS: readonly Account[] = [
  {
    accountNumber: "5000123456",
    municipality: "tshwane_postpaid",
    name: "M. Mokoena",
    address: "12 Jacaranda Street, Hatfield, Pretoria",
    amountDueCents: 184_732,
    dueDate: "2026-12-07",
  },
  {
    accountNumber: "5000654321",
    municipality: "tshwane_postpaid",
    name: "Sunnyside Body Corporate",
    address: "401 Esselen Street, Sunnyside, Pretoria",
    amountDueCents: 2_345_090,
    dueDate: "2026-12-07",
  },
  {
    accountNumber: "5000111111",
    municipality: "tshwane_postpaid",
    name: "L. Dlamini",
    address: "7 Kiaat Avenue, Mamelodi, Pretoria",
    amountDueCents: 0,
    dueDate: null,
  },
  {
    accountNumber: "3100200300",
    municipality: "mogale_postpaid",
    name: "J. Fourie",
    address: "33 Voortrekker Road, Krugersdorp",
    amountDueCents: 96_550,
    dueDate: "2026-12-15",
  },
  {
    accountNumber: "3100400500",
    municipality: "mogale_postpaid",
    name: "Kagiso Spares CC",
    address: "5 Main Reef Road, Kagiso",
    amountDueCents: 412_000,
    dueDate: "2026-12-15",
  },
];

/** Postpaid purchases: the spec names no range; the sandbox takes R 1 to R 50 000. */
export const BILL_MIN_RANDS = 1;
export const BILL_MAX_RANDS = 50_000;

/** A meter or account number as typed, as the registry keeps it: spaces and dashes dropped. */
const digitsOf = (typed: string) => typed.replace(/[\s-]/g, "");

export const findMeter = (meterNumber: string, municipality: string): Meter | undefined =>
  METERS.find((m) => m.meterNumber === digitsOf(meterNumber) && m.municipality === municipality);

export const findAccount = (accountNumber: string, municipality: string): Account | undefined =>
  ACCOUNTS.find(
    (a) => a.accountNumber === digitsOf(accountNumber) && a.municipality === municipality,
  );
