import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/lib/db";
import { sales, type PaymentMethod, type Sale, type SaleKind } from "@/lib/db/schema";
import type { Cents } from "@/lib/money";

/** Electricity and bill purchases are idempotent upstream: repeating them under the same key is safe. */
export const IDEMPOTENT_KINDS: readonly SaleKind[] = ["electricity", "bill"];

export interface NewSale {
  idempotencyKey: string;
  kind: SaleKind;
  method: PaymentMethod;
  amountCents: Cents;
  reference: string;
  request: Record<string, unknown>;
  userId: string;
  tillId: string;
  shiftId: string | null;
}

/**
 * Step 1 of every sale: commit a `pending` row before anything goes upstream. The same
 * idempotency key (a double click, a resubmit, another instance) returns the row that
 * already exists; the database's unique index decides, not process memory.
 */
export async function recordSale(input: NewSale): Promise<{ sale: Sale; existing: boolean }> {
  const database = await db();
  const [inserted] = await database.insert(sales).values(input).onConflictDoNothing({ target: sales.idempotencyKey }).returning();
  if (inserted) return { sale: inserted, existing: false };
  const [existing] = await database.select().from(sales).where(eq(sales.idempotencyKey, input.idempotencyKey)).limit(1);
  if (!existing) throw new Error("sale vanished after an idempotency conflict");
  if (existing.kind !== input.kind || existing.userId !== input.userId) {
    // A key belongs to one form of one cashier; anything else is a bug or an attack, never a sale.
    throw new Error("idempotency key reused for a different sale");
  }
  return { sale: existing, existing: true };
}

export async function findSale(id: string): Promise<Sale | undefined> {
  const database = await db();
  const [row] = await database.select().from(sales).where(eq(sales.id, id)).limit(1);
  return row;
}

export async function findSaleByKey(idempotencyKey: string): Promise<Sale | undefined> {
  const database = await db();
  const [row] = await database.select().from(sales).where(eq(sales.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

/**
 * Take the right to call the core service for this sale. Only one caller wins: a fresh
 * pending sale (attempts 0), or, for idempotent kinds only, an unknown sale being retried
 * under its own key. Returns the claimed row, or undefined when someone else has it.
 */
export async function claimAttempt(saleId: string, mode: "first" | "retry"): Promise<Sale | undefined> {
  const database = await db();
  const condition =
    mode === "first"
      ? and(eq(sales.id, saleId), eq(sales.status, "pending"), eq(sales.attempts, 0))
      : // Only a sale that was sent (attempts > 0) can be re-sent: an unknown card sale whose
        // payment was never verified has attempts 0 and must never reach the core service.
        and(
          eq(sales.id, saleId),
          eq(sales.status, "unknown"),
          inArray(sales.kind, [...IDEMPOTENT_KINDS]),
          sql`${sales.attempts} > 0`,
        );
  const [row] = await database
    .update(sales)
    .set({ status: "pending", attempts: sql`${sales.attempts} + 1`, updatedAt: new Date() })
    .where(condition)
    .returning();
  return row;
}

type Outcome =
  | { status: "completed"; result: unknown }
  | { status: "failed" | "unknown"; error: { kind: string; code?: number; message: string } };

/** Step 3: settle a pending sale. A settled sale is never settled again. */
export async function settleSale(saleId: string, outcome: Outcome): Promise<Sale> {
  const database = await db();
  const now = new Date();
  const values =
    outcome.status === "completed"
      ? { status: "completed" as const, result: outcome.result, error: null, settledAt: now, updatedAt: now }
      : { status: outcome.status, error: outcome.error, settledAt: outcome.status === "failed" ? now : null, updatedAt: now };
  const [row] = await database
    .update(sales)
    .set(values)
    .where(and(eq(sales.id, saleId), eq(sales.status, "pending")))
    .returning();
  if (row) return row;
  const current = await findSale(saleId);
  if (!current) throw new Error(`no sale ${saleId}`);
  return current;
}
