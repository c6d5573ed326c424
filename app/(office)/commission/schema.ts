import { z } from "zod";
import { SALE_KINDS } from "@/lib/db/schema";
import { MUNICIPALITIES } from "@/lib/municipalities";
import { parseRandInput } from "@/lib/money";

const VAS_CATEGORIES = ["airtime", "data", "lotto", "voucher"] as const;

/** "2.5" or "2,5" per cent → 250 basis points; at most two decimals, under 100 %. */
export function basisPointsOf(text: string): number | null {
  const cleaned = text.trim().replace(",", ".").replace(/\s*%$/, "");
  if (cleaned === "") return 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A South African wall-clock time from a datetime-local field (South Africa keeps UTC+2 all year). */
export function saLocalToDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(`${value}:00+02:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const optional = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values)]).default("");

export const addRateSchema = z
  .object({
    kind: z.enum(SALE_KINDS, "Choose a kind of sale."),
    municipality: optional(MUNICIPALITIES),
    category: optional(VAS_CATEGORIES),
    productId: z
      .string()
      .trim()
      .max(60, "A product id is at most 60 characters.")
      .regex(/^[A-Za-z0-9_.:-]*$/, "Use the product id as the catalogue shows it.")
      .default(""),
    percent: z
      .string()
      .default("")
      .refine((v) => basisPointsOf(v) !== null, "A percentage such as 2.5 (at most 99.99)."),
    fixed: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || parseRandInput(v) !== null, "An amount in rand, such as 1.50."),
    effectiveFrom: z
      .string()
      .default("")
      .refine((v) => v === "" || saLocalToDate(v) !== null, "A date and time, or empty for now."),
  })
  .superRefine((rate, ctx) => {
    if (!basisPointsOf(rate.percent) && !(parseRandInput(rate.fixed || "0") ?? 0))
      ctx.addIssue({
        code: "custom",
        path: ["percent"],
        message: "Give a percentage, a fixed amount per sale, or both.",
      });
    if (rate.municipality && rate.kind !== "electricity" && rate.kind !== "bill")
      ctx.addIssue({
        code: "custom",
        path: ["municipality"],
        message: "Only electricity and bills are sold for a municipality.",
      });
    if (rate.municipality.endsWith("_prepaid") && rate.kind === "bill")
      ctx.addIssue({
        code: "custom",
        path: ["municipality"],
        message: "Bills are paid to a municipality's accounts (postpaid).",
      });
    if (rate.municipality.endsWith("_postpaid") && rate.kind === "electricity")
      ctx.addIssue({
        code: "custom",
        path: ["municipality"],
        message: "Prepaid electricity is sold for a prepaid municipality.",
      });
    if ((rate.category || rate.productId) && rate.kind !== "vas")
      ctx.addIssue({
        code: "custom",
        path: [rate.category ? "category" : "productId"],
        message: "Products and categories are for airtime, data, lotto and vouchers.",
      });
  });

export const withdrawRateSchema = z.object({ id: z.uuid("Not a rate.") });

export const statementSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month."),
  stated: z
    .string()
    .trim()
    .min(1, "Type the commission the statement shows, in rand.")
    .refine((v) => parseRandInput(v) !== null, "An amount in rand, such as 1234.56."),
});
