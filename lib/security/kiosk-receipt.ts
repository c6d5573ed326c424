import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { kioskReceipts, type Sale } from "@/lib/db/schema";
import type { Staff } from "@/lib/auth/staff";
import { findSale } from "@/lib/sales/journal";
import { mayUseSale } from "./ownership";

/** A receipt link opens within this long of the payment, or never. */
const RECEIPT_TICKET_MS = 2 * 60_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * The one-time link to the receipt of a kiosk sale that just completed, for this kiosk
 * session only. Issued once per sale: a second return from the checkout gets none.
 */
export async function issueReceiptTicket(
  staff: Staff,
  sale: Pick<Sale, "id" | "userId" | "tillId" | "status">,
): Promise<string | null> {
  if (staff.role !== "kiosk" || sale.status !== "completed" || !mayUseSale(staff, sale))
    return null;
  const token = randomBytes(24).toString("base64url");
  const database = await db();
  const [row] = await database
    .insert(kioskReceipts)
    .values({ saleId: sale.id, sessionId: staff.sessionId, tokenHash: hashOf(token) })
    .onConflictDoNothing()
    .returning({ saleId: kioskReceipts.saleId });
  return row ? token : null;
}

/** The sale behind a receipt link, once: same kiosk session, unused, and young enough. */
export async function openReceipt(
  staff: Staff,
  saleId: string,
  token: string,
): Promise<Sale | null> {
  const database = await db();
  const [row] = await database
    .update(kioskReceipts)
    .set({ openedAt: new Date() })
    .where(
      and(
        eq(kioskReceipts.saleId, saleId),
        eq(kioskReceipts.sessionId, staff.sessionId),
        eq(kioskReceipts.tokenHash, hashOf(token)),
        isNull(kioskReceipts.openedAt),
        gt(kioskReceipts.issuedAt, new Date(Date.now() - RECEIPT_TICKET_MS)),
      ),
    )
    .returning({ saleId: kioskReceipts.saleId });
  if (!row) return null;
  const sale = await findSale(saleId);
  return sale && sale.kind === "fines" && mayUseSale(staff, sale) ? sale : null;
}
