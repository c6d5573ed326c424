import "server-only";
import type { Sale } from "@/lib/db/schema";

/** Calls the core service for a recorded vas sale. Built with the vas flow. */
export async function fulfilVas(sale: Sale): Promise<unknown> {
  throw new Error(`vas sales are not built yet (sale ${sale.id})`);
}
