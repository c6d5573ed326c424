import "server-only";
import type { Staff } from "@/lib/auth/staff";
import type { Sale } from "@/lib/db/schema";
import { ActionError } from "@/lib/errors";
import { findSale } from "@/lib/sales/journal";
import { mayHelpWithSale } from "@/lib/security/ownership";
import { careSalesOfMeter } from "./journal";
import { meterStory, type MeterStory } from "./story";

/** The electricity sale the helper was opened on, if this staff member may help with it. */
export async function careSaleFor(staff: Staff, saleId: string): Promise<Sale | null> {
  const sale = await findSale(saleId);
  if (!sale || sale.kind !== "electricity" || sale.status !== "completed") return null;
  return mayHelpWithSale(staff, sale) ? sale : null;
}

/** The story of a meter number: its sales at every till of the shop, last 90 days. */
export async function storyOfMeter(meterNumber: string): Promise<MeterStory> {
  return meterStory(meterNumber, await careSalesOfMeter(meterNumber));
}

/** Refused like a sale that does not exist (the object rule). */
export function notYours(): never {
  throw new ActionError("This sale is not one of yours.");
}
