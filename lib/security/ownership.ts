import type { Sale, Shift } from "@/lib/db/schema";
import type { Staff } from "@/lib/auth/staff";

/** How far back a cashier finds and reprints the slips of colleagues at the same till. */
export const TILL_REPRINT_DAYS = 90;

/**
 * Kassa's object rule, in one place (docs/architecture.md, "Who may see what"):
 * - a cashier sees, reprints, retries and checks the sales they made themselves, and only
 *   their own shifts (X report, close, Z report); they also reprint (and only reprint) a
 *   colleague's slip of the same till within TILL_REPRINT_DAYS (`mayReprintSale`), marked
 *   REPRINT with the colleague named, audited, and never with a voucher PIN;
 * - a supervisor sees every sale and shift (through the office, audited);
 * - a kiosk sees only sales made on its own enrolled kiosk (and a receipt only through the
 *   one-time link of the same kiosk session, lib/security/kiosk-receipt.ts).
 * Every page and action that takes an id calls one of these before showing or doing anything.
 */
export function mayUseSale(
  staff: Pick<Staff, "role" | "userId" | "till">,
  sale: Pick<Sale, "userId" | "tillId">,
): boolean {
  switch (staff.role) {
    case "supervisor":
      return true;
    case "cashier":
      return sale.userId === staff.userId;
    case "kiosk":
      return sale.userId === staff.userId && sale.tillId === staff.till.id;
    default:
      return false;
  }
}

export function mayUseShift(
  staff: Pick<Staff, "role" | "userId" | "till">,
  shift: Pick<Shift, "userId" | "tillId">,
): boolean {
  if (staff.role === "supervisor") return true;
  return (
    staff.role === "cashier" && shift.userId === staff.userId && shift.tillId === staff.till.id
  );
}

/**
 * Who may reprint a sale's slip: its own cashier (or a supervisor, kiosk) as `mayUseSale` says
 * ("own"), or another cashier signed in at the till it was sold at, within TILL_REPRINT_DAYS
 * ("colleague": the customer asks the next cashier at the counter). Retrying, checking and
 * paying out stay with `mayUseSale`.
 */
export function mayReprintSale(
  staff: Pick<Staff, "role" | "userId" | "till">,
  sale: Pick<Sale, "userId" | "tillId" | "createdAt">,
  now: Date = new Date(),
): "own" | "colleague" | null {
  if (mayUseSale(staff, sale)) return "own";
  const since = now.getTime() - TILL_REPRINT_DAYS * 24 * 60 * 60_000;
  if (
    staff.role === "cashier" &&
    sale.tillId === staff.till.id &&
    sale.createdAt.getTime() >= since
  )
    return "colleague";
  return null;
}
