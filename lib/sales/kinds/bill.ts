import "server-only";
import type { Sale } from "@/lib/db/schema";

/** Calls the core service for a recorded bill sale. Built with the bill flow. */
export async function fulfilBill(sale: Sale): Promise<unknown> {
  throw new Error(`bill sales are not built yet (sale ${sale.id})`);
}
