import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { commissionRates, saleCommissions, sales, type Sale } from "@/lib/db/schema";
import { commissionOf, scopeOfSale, type RateRule } from "./rules";

type CommissionSale = Pick<Sale, "id" | "kind" | "amountCents" | "request" | "createdAt">;

/** Every rate ever added (they are few: a handful per kind), for the rule to choose from. */
export async function allRates(database: Db): Promise<RateRule[]> {
  return database.select().from(commissionRates).orderBy(asc(commissionRates.effectiveFrom));
}

/**
 * Computes and keeps the commission of completed sales, each with the rate in force when the
 * sale was made (its createdAt). A sale that already has its row keeps it: a later rate
 * never rewrites it.
 */
async function keepCommissions(
  database: Db,
  completed: CommissionSale[],
  rates: RateRule[],
): Promise<number> {
  if (completed.length === 0) return 0;
  const rows = completed.map((sale) => ({
    saleId: sale.id,
    ...commissionOf(rates, scopeOfSale(sale), sale.createdAt),
  }));
  const kept = await database
    .insert(saleCommissions)
    .values(rows)
    .onConflictDoNothing({ target: saleCommissions.saleId })
    .returning({ saleId: saleCommissions.saleId });
  return kept.length;
}

/** What a sale's commission is worked out from. */
const SALE_FOR_COMMISSION = {
  id: sales.id,
  kind: sales.kind,
  amountCents: sales.amountCents,
  request: sales.request,
  createdAt: sales.createdAt,
};

/**
 * The commission of one sale that has just settled. Called from the settle path
 * (lib/sales/journal.ts settleSale) once a sale is completed; does nothing for a sale that is
 * not completed or already has its commission.
 */
export async function recordCommission(database: Db, saleId: string): Promise<void> {
  const [sale] = await database
    .select(SALE_FOR_COMMISSION)
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.status, "completed")))
    .limit(1);
  if (!sale) return;
  const rates = (await allRates(database)).filter((rate) => rate.kind === sale.kind);
  await keepCommissions(database, [sale], rates);
}

const CATCH_UP_BATCH = 500;

/**
 * Completed sales without a commission row get theirs: sales completed by another path (a
 * supervisor's resolution, a late card delivery, the spool) or whose commission was not
 * written (the process stopped in between). Runs on a schedule and before every report that
 * reads commission, so that nothing is missed. Returns how many rows it wrote.
 */
export async function catchUpCommissions(database: Db): Promise<number> {
  let rates: RateRule[] | undefined;
  let written = 0;
  for (;;) {
    const missing = await database
      .select(SALE_FOR_COMMISSION)
      .from(sales)
      .leftJoin(saleCommissions, eq(saleCommissions.saleId, sales.id))
      .where(and(eq(sales.status, "completed"), isNull(saleCommissions.saleId)))
      .limit(CATCH_UP_BATCH);
    if (missing.length === 0) return written;
    rates ??= await allRates(database);
    const kept = await keepCommissions(database, missing, rates);
    written += kept;
    // Another instance wrote the same rows meanwhile: the next read finds fewer or none.
    if (kept === 0 && missing.length < CATCH_UP_BATCH) return written;
  }
}
