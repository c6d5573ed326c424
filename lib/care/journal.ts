import "server-only";
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { db } from "@/lib/db";
import {
  careCases,
  sales,
  tills,
  tokenSends,
  users,
  type Sale,
  type TokenSend,
} from "@/lib/db/schema";
import { electricityResultSchema } from "@/lib/kinds/electricity/slip-data";
import { salesWithNames } from "@/lib/sales/with-names";
import { TILL_REPRINT_DAYS } from "@/lib/security/ownership";
import type { CareSale, MeterCodes } from "./story";

/** How far back a meter's story reaches, every till of the shop: as far as a reprint. */
export const STORY_DAYS = TILL_REPRINT_DAYS;

const codesOf = (value: unknown): MeterCodes | null => {
  const v = value as Partial<MeterCodes> | null | undefined;
  if (!v || typeof v !== "object") return null;
  const n = (x: unknown) => (typeof x === "number" ? x : null);
  return { sgc: n(v.sgc), krn: n(v.krn), ti: n(v.ti) };
};

/** A completed electricity sale as the story reads it, or null when its result cannot be read. */
function careSaleOf(sale: Sale, soldBy: string, tillName: string): CareSale | null {
  const r = electricityResultSchema.safeParse(sale.result);
  if (!r.success) return null;
  const request = sale.request as { meterBefore?: unknown } | null;
  return {
    id: sale.id,
    at: sale.createdAt,
    soldBy,
    tillName,
    amountCents: sale.amountCents,
    receiptNumber: r.data.receiptNumber,
    municipality: r.data.municipality,
    meter: r.data.meter,
    before: codesOf(request?.meterBefore),
    tokens: r.data.tokens,
  };
}

/** The meter's completed electricity sales of the last STORY_DAYS at every till, newest first. */
export async function careSalesOfMeter(
  meterNumber: string,
  now: Date = new Date(),
  limit = 50,
): Promise<CareSale[]> {
  const since = new Date(now.getTime() - STORY_DAYS * 24 * 60 * 60_000);
  const database = await db();
  const rows = await salesWithNames(database, { sale: sales })
    .where(
      and(
        eq(sales.kind, "electricity"),
        eq(sales.status, "completed"),
        eq(sales.reference, meterNumber),
        gte(sales.createdAt, since),
      ),
    )
    .orderBy(desc(sales.createdAt))
    .limit(limit);
  return rows.flatMap((r) => careSaleOf(r.sale, r.cashier, r.tillName) ?? []);
}

export interface CareCaseRow {
  id: string;
  saleId: string;
  meterNumber: string;
  code: string;
  outcome: string;
  cashier: string;
  /** The till's name; null for the office. */
  tillName: string | null;
  at: Date;
}

const caseColumns = {
  id: careCases.id,
  saleId: careCases.saleId,
  meterNumber: careCases.meterNumber,
  code: careCases.code,
  outcome: careCases.outcome,
  cashier: users.displayName,
  tillName: tills.name,
  at: careCases.createdAt,
};

/** The cases of one meter (newest first), or the latest of the shop when no meter is named. */
export async function listCareCases(
  meterNumber: string | null,
  limit = 100,
): Promise<CareCaseRow[]> {
  const database = await db();
  const query = database
    .select(caseColumns)
    .from(careCases)
    .innerJoin(users, eq(users.id, careCases.userId))
    .leftJoin(tills, eq(tills.id, careCases.tillId));
  const filtered = meterNumber ? query.where(eq(careCases.meterNumber, meterNumber)) : query;
  return filtered.orderBy(desc(careCases.createdAt)).limit(limit);
}

export async function recordCareCase(input: {
  saleId: string;
  meterNumber: string;
  code: string;
  outcome: string;
  userId: string;
  tillId: string;
}): Promise<string> {
  const database = await db();
  const [row] = await database.insert(careCases).values(input).returning({ id: careCases.id });
  return row!.id;
}

/** The sends of these sales, newest first, grouped by sale. */
export async function sendsOfSales(saleIds: readonly string[]): Promise<Map<string, TokenSend[]>> {
  const out = new Map<string, TokenSend[]>();
  if (saleIds.length === 0) return out;
  const database = await db();
  const rows = await database
    .select()
    .from(tokenSends)
    .where(inArray(tokenSends.saleId, [...saleIds]))
    .orderBy(desc(tokenSends.createdAt));
  for (const row of rows) out.set(row.saleId, [...(out.get(row.saleId) ?? []), row]);
  return out;
}
