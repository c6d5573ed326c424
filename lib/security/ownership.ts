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

/**
 * How a completed sale's slip reaches this user, the one rule of the slip page and of the
 * till's printer alike: null when not at all; a colleague's is only ever a reprint (marked
 * REPRINT, naming who sold it) and never shows a voucher PIN.
 */
export function slipAccess(
  staff: Pick<Staff, "role" | "userId" | "till">,
  sale: Pick<Sale, "userId" | "tillId" | "createdAt">,
  now: Date = new Date(),
): { colleague: boolean } | null {
  const access = mayReprintSale(staff, sale, now);
  return access ? { colleague: access === "colleague" } : null;
}

/**
 * Who may open the "token not accepted" helper on a sale, and so the story of its meter: a
 * supervisor, and any cashier of the shop for a sale of the last TILL_REPRINT_DAYS, at any
 * till (the customer comes to whichever counter is open). Tokens only: a voucher PIN is never
 * in a meter's story.
 */
export function mayHelpWithSale(
  staff: Pick<Staff, "role" | "userId" | "till">,
  sale: Pick<Sale, "createdAt">,
  now: Date = new Date(),
): boolean {
  if (staff.role === "supervisor") return true;
  const since = now.getTime() - TILL_REPRINT_DAYS * 24 * 60 * 60_000;
  return staff.role === "cashier" && sale.createdAt.getTime() >= since;
}

/**
 * Who may send a sale's tokens, PIN or receipt to the customer: whoever may reprint its slip
 * (its own cashier, a colleague at its till, a supervisor), except that a voucher PIN goes out
 * only from its own cashier or a supervisor ("pin_needs_supervisor" for a colleague).
 */
export function maySendSale(
  staff: Pick<Staff, "role" | "userId" | "till">,
  sale: Pick<Sale, "userId" | "tillId" | "createdAt">,
  carriesPin: boolean,
  now: Date = new Date(),
): "yes" | "pin_needs_supervisor" | "no" {
  if (staff.role === "kiosk") return "no";
  const access = mayReprintSale(staff, sale, now);
  if (!access) return "no";
  if (access === "colleague" && carriesPin) return "pin_needs_supervisor";
  return "yes";
}
