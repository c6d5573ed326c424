/** What a prepaid vend yields: the split of the amount, units from the tariff, and the STS tokens. */
import { createHash } from "node:crypto";
import { vatIncluded } from "../money";
import {
  ARREARS_PERCENT,
  FBE_KWH,
  FIXED_CHARGE_PER_VEND_CENTS,
  TARIFFS,
  type Meter,
} from "./data-meters";

export const VAT_PERCENT = 15;

export interface VendToken {
  token: string;
  info: string;
  type: "KCT" | "STD" | "FBE";
}

export interface Vend {
  lines: { desc: string; cents: number; outstandingCents: number }[];
  electricityCents: number;
  vatCents: number;
  units: number;
  tokens: VendToken[];
  outstandingAfterCents: number;
}

/** 20 digits that look like an STS token, different for every vend (the sequence number is mixed in). */
export function stsToken(meterNumber: string, seq: number, label: string): string {
  const hex = createHash("sha256").update(`${meterNumber}:${seq}:${label}`).digest("hex");
  return (BigInt(`0x${hex.slice(0, 24)}`) % 10n ** 20n).toString().padStart(20, "0");
}

function exVat(cents: number): number {
  return cents - vatIncluded(cents, VAT_PERCENT);
}

export function computeVend(
  meter: Meter,
  amountCents: number,
  outstandingCents: number,
  seq: number,
  keyChange: boolean,
): Vend {
  const tariff = TARIFFS[meter.municipality];
  let arrears = 0;
  let fixed = 0;
  if (meter.scenario === "arrears")
    arrears = Math.min(outstandingCents, Math.round((amountCents * ARREARS_PERCENT) / 100));
  if (meter.scenario === "fixed_charges")
    fixed = Math.min(outstandingCents, FIXED_CHARGE_PER_VEND_CENTS, amountCents);
  const electricityCents = amountCents - arrears - fixed;
  const outstandingAfterCents = outstandingCents - arrears - fixed;

  // Every line is shown without VAT and the VAT (15% contained in the whole amount) gets its own line, so the
  // lines add up to the amount tendered; the electricity line absorbs the cent of rounding.
  const vatCents = vatIncluded(amountCents, VAT_PERCENT);
  const deductions: Vend["lines"] = [];
  if (meter.scenario === "arrears")
    deductions.push({
      desc: "Arrears",
      cents: exVat(arrears),
      outstandingCents: outstandingAfterCents,
    });
  if (meter.scenario === "fixed_charges")
    deductions.push({
      desc: "Fixed charges",
      cents: exVat(fixed),
      outstandingCents: outstandingAfterCents,
    });
  const electricityExVat = amountCents - vatCents - deductions.reduce((sum, l) => sum + l.cents, 0);
  const lines: Vend["lines"] = [
    { desc: "Electricity", cents: electricityExVat, outstandingCents: 0 },
    ...deductions,
    { desc: "VAT", cents: vatCents, outstandingCents: 0 },
  ];

  // Units are rounded down to 0.1 kWh, as meters accept whole tenths.
  const units = Math.floor((electricityExVat / tariff.centsPerKwh) * 10) / 10;
  const tokens: VendToken[] = [];
  if (keyChange) {
    tokens.push({
      token: stsToken(meter.meterNumber, seq, "KCT1"),
      info: "Key change token 1 of 2",
      type: "KCT",
    });
    tokens.push({
      token: stsToken(meter.meterNumber, seq, "KCT2"),
      info: "Key change token 2 of 2",
      type: "KCT",
    });
  }
  if (electricityCents > 0)
    tokens.push({
      token: stsToken(meter.meterNumber, seq, "STD"),
      info: `Credit ${units.toFixed(1)} kWh`,
      type: "STD",
    });
  if (
    meter.scenario === "fbe" ||
    meter.scenario === "key_change_fbe" ||
    meter.scenario === "fbe_only"
  ) {
    tokens.push({
      token: stsToken(meter.meterNumber, seq, "FBE"),
      info: `FBE ${FBE_KWH.toFixed(1)} kWh`,
      type: "FBE",
    });
  }
  return { lines, electricityCents, vatCents, units, tokens, outstandingAfterCents };
}

export function groupsOfFour(token: string): string {
  return token.replace(/(\d{4})(?=\d)/g, "$1 ");
}
