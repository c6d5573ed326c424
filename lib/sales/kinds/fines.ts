import "server-only";
import type { Sale } from "@/lib/db/schema";

/** Calls the core service for a recorded fines sale. Built with the fines flow. */
export async function fulfilFines(sale: Sale): Promise<unknown> {
  throw new Error(`fines sales are not built yet (sale ${sale.id})`);
}
