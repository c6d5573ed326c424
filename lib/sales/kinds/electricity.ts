import "server-only";
import type { Sale } from "@/lib/db/schema";

/** Calls the core service for a recorded electricity sale. Built with the electricity flow. */
export async function fulfilElectricity(sale: Sale): Promise<unknown> {
  throw new Error(`electricity sales are not built yet (sale ${sale.id})`);
}
