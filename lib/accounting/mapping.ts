/**
 * The owner's chart of accounts as Kassa posts to it, set once on the Accounting export
 * page. Pure: the schema and its defaults, shared by the form and the export.
 */
import { z } from "zod";
import type { SaleKind } from "@/lib/db/schema";

const code = z
  .string()
  .trim()
  .min(1, "An account number from your chart of accounts.")
  .max(20, "At most 20 characters.")
  .regex(/^[A-Za-z0-9./-]+$/, "Letters, digits, dots, slashes and dashes only.");

export const accountMappingSchema = z.object({
  cashOnHand: code,
  cardClearing: code,
  liability_electricity: code,
  liability_bill: code,
  liability_fines: code,
  liability_vas: code,
  commissionIncome: code,
  vatOnCommission: code,
  cashOverShort: code,
  cashPayouts: code,
  /** Xero asks a tax rate's name on every line; Kassa posts VAT on its own line, so none. */
  xeroTaxRate: z.string().trim().min(1, "The name of a tax rate in Xero, such as No VAT.").max(60),
  /** Sage Pastel posts by period: the month its period 1 starts (March for most SA shops). A
   * mapping saved before Pastel was offered has none and takes March. */
  pastelFirstMonth: z
    .string()
    .trim()
    .regex(/^(1[0-2]|[1-9])$/, "The number of a month, 1 to 12 (3 for March).")
    .default("3"),
});
export type AccountMapping = z.infer<typeof accountMappingSchema>;

export const DEFAULT_MAPPING: AccountMapping = {
  cashOnHand: "8400",
  cardClearing: "8410",
  liability_electricity: "9310",
  liability_bill: "9320",
  liability_fines: "9330",
  liability_vas: "9340",
  commissionIncome: "1010",
  vatOnCommission: "9500",
  cashOverShort: "4150",
  cashPayouts: "4200",
  xeroTaxRate: "No VAT",
  pastelFirstMonth: "3",
};

export function liabilityAccount(mapping: AccountMapping, kind: SaleKind): string {
  return mapping[`liability_${kind}`];
}

/** The form's labels, in the owner's words. */
export const MAPPING_LABELS: Record<keyof AccountMapping, string> = {
  cashOnHand: "Cash on hand",
  cardClearing: "Card clearing",
  liability_electricity: "Provider liability: electricity",
  liability_bill: "Provider liability: municipal bills",
  liability_fines: "Provider liability: traffic fines",
  liability_vas: "Provider liability: airtime, data, lotto, vouchers",
  commissionIncome: "Commission income",
  vatOnCommission: "VAT on commission (output VAT)",
  cashOverShort: "Cash over and short",
  cashPayouts: "Cash paid out of the drawer",
  xeroTaxRate: "Xero tax rate for every line",
  pastelFirstMonth: "Sage Pastel: month your financial year starts (1 to 12)",
};

export const MAPPING_KEYS = Object.keys(DEFAULT_MAPPING) as (keyof AccountMapping)[];
