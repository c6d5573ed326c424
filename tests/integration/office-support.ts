import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Approved } from "@/lib/auth/approval";
import type { Staff } from "@/lib/auth/staff";
import type { Db } from "@/lib/db/open";
import {
  cardOrders,
  sales,
  tills,
  users,
  type OrderStatus,
  type PaymentMethod,
  type SaleError,
  type SaleKind,
  type SaleStatus,
} from "@/lib/db/schema";

/** Each office test file gets its own PGlite folder (the app's db() reads KASSA_DATA_DIR once). */
export function ownDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kassa-office-"));
  process.env.KASSA_DATA_DIR = path.join(dir, "db");
  process.env.KASSA_SEED_DEMO = "true";
  return dir;
}

export async function staffOf(database: Db, username: string, tillId: string): Promise<Staff> {
  const [user] = await database.select().from(users).where(eq(users.username, username)).limit(1);
  const [till] = await database.select().from(tills).where(eq(tills.id, tillId)).limit(1);
  if (!user || !till) throw new Error(`no ${username} or ${tillId}`);
  return {
    userId: user.id,
    username,
    name: user.displayName,
    role: user.role,
    sessionId: randomUUID(),
    till,
  };
}

/** A supervisor as the override's step-up leaves them (lib/auth/step-up.ts): confirmed by password. */
export function approved(staff: Staff): Approved {
  return { ...staff, approval: { userId: staff.userId, name: staff.name, how: "password" } };
}

/** A journal row as a finished sale would leave it (the flows that make them are other issues' work). */
export async function putSale(
  database: Db,
  staff: Staff,
  shiftId: string | null,
  s: {
    kind: SaleKind;
    method: PaymentMethod;
    status: SaleStatus;
    amountCents: number;
    error?: SaleError;
    /** 0 for a card sale never sent (paid, not delivered); 1 by default. */
    attempts?: number;
  },
) {
  const [row] = await database
    .insert(sales)
    .values({
      idempotencyKey: randomUUID(),
      kind: s.kind,
      method: s.method,
      status: s.status,
      amountCents: s.amountCents,
      reference: "01000000001",
      request: {},
      userId: staff.userId,
      tillId: staff.till.id,
      shiftId,
      error: s.error ?? null,
      attempts: s.attempts ?? 1,
    })
    .returning();
  return row!;
}

export async function putCardOrder(
  database: Db,
  saleId: string,
  amountCents: number,
  status: OrderStatus,
  paidAt: Date | null,
  needsRefund = false,
) {
  await database.insert(cardOrders).values({ saleId, amountCents, status, paidAt, needsRefund });
}
