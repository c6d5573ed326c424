import type { Sale, Shift } from "@/lib/db/schema";
import type { Staff } from "@/lib/auth/staff";

/**
 * Kassa's object rule, in one place (docs/architecture.md, "Who may see what"):
 * - a cashier sees, reprints, retries and checks only sales they made themselves, and only
 *   their own shifts (X report, close, Z report);
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
