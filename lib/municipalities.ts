/** The spec's municipality identifiers. Pure: forms on the till use the same lists. */

export const PREPAID_MUNICIPALITIES = [
  "tshwane_prepaid",
  "zeerust_prepaid",
  "mogale_prepaid",
  "ngwathe_prepaid",
] as const;
export const POSTPAID_MUNICIPALITIES = ["mogale_postpaid", "tshwane_postpaid"] as const;
export const MUNICIPALITIES = [...PREPAID_MUNICIPALITIES, ...POSTPAID_MUNICIPALITIES] as const;

export type PrepaidMunicipality = (typeof PREPAID_MUNICIPALITIES)[number];
export type PostpaidMunicipality = (typeof POSTPAID_MUNICIPALITIES)[number];
export type Municipality = (typeof MUNICIPALITIES)[number];

/** Names a cashier recognises. */
export const MUNICIPALITY_NAMES: Record<Municipality, string> = {
  tshwane_prepaid: "City of Tshwane (prepaid)",
  zeerust_prepaid: "Zeerust (prepaid)",
  mogale_prepaid: "Mogale City (prepaid)",
  ngwathe_prepaid: "Ngwathe (prepaid)",
  mogale_postpaid: "Mogale City (account)",
  tshwane_postpaid: "City of Tshwane (account)",
};

/** A municipality in a cashier's words: "City of Tshwane (prepaid)"; an unknown value as it came. */
export const municipalityLabel = (value: string): string =>
  MUNICIPALITY_NAMES[value as Municipality] ?? value;

/** The place alone, for a card order's line: "tshwane_prepaid" → "Tshwane". */
export function municipalityPlace(value: string): string {
  const place = value.replace(/_(prepaid|postpaid)$/, "");
  return place.charAt(0).toUpperCase() + place.slice(1);
}

export type PaymentMethod = "cash" | "card";

/** The cookies that remember this browser's last municipality, prepaid (electricity) and postpaid (bills). */
export const MUNICIPALITY_COOKIE = "kassa_prepaid_municipality";
export const BILL_MUNICIPALITY_COOKIE = "kassa_postpaid_municipality";
