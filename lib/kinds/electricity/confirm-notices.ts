/**
 * What the cashier tells the customer after Confirm and before Purchase: that arrears or
 * fixed charges will take part of the amount, that free basic electricity (FBE) is due,
 * and, on meters that take R 0 (FBE only), a R 0 quick amount. Pure, for the vend form.
 */
import { formatRand, type Cents } from "@/lib/money";

export interface MeterHints {
  /** Owed on the meter and taken from each purchase until paid; null when not known. */
  arrearsCents: Cents | null;
  fixedChargesCents: Cents | null;
  /** The municipality says this month's free basic electricity is still to be collected. */
  fbeDue: boolean;
  /** The meter accepts R 0: a purchase of nothing collects the FBE token only. */
  acceptsZero: boolean;
}

export interface ConfirmNotice {
  kind: "arrears" | "fixed_charges" | "fbe";
  text: string;
}

export function confirmNotices(h: MeterHints): ConfirmNotice[] {
  const out: ConfirmNotice[] = [];
  if (h.arrearsCents !== null && h.arrearsCents > 0) {
    out.push({
      kind: "arrears",
      text: `Arrears of ${formatRand(h.arrearsCents)} are owed: part of the amount goes to them, so the customer gets fewer units.`,
    });
  }
  if (h.fixedChargesCents !== null && h.fixedChargesCents > 0) {
    out.push({
      kind: "fixed_charges",
      text: `Fixed charges of ${formatRand(h.fixedChargesCents)} are owed: part of the amount goes to them, so the customer gets fewer units.`,
    });
  }
  if (h.fbeDue) {
    out.push({
      kind: "fbe",
      text: h.acceptsZero
        ? "Free basic electricity is due: the customer can collect it with R 0."
        : "Free basic electricity is due: its token comes with this purchase.",
    });
  }
  return out;
}

/** The hints from the core service's confirm (fields it may leave out). */
export function meterHints(c: {
  arrearsCents: Cents | null;
  fixedChargesCents: Cents | null;
  fbeDue: boolean | null;
  minCents: Cents | null;
}): MeterHints {
  return {
    arrearsCents: c.arrearsCents,
    fixedChargesCents: c.fixedChargesCents,
    fbeDue: c.fbeDue === true,
    acceptsZero: c.minCents === 0,
  };
}
