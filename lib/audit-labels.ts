import type { AuditKind } from "@/lib/audit";

/** The audit log's events in words (the filter keeps the codes as values); an unknown kind falls back to labelOf. */
export const AUDIT_KIND_LABELS: Partial<Record<AuditKind, string>> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in refused",
  account_locked: "Account locked",
  sign_out: "Signed out",
  access_refused: "Access refused",
  sale_recorded: "Sale recorded",
  sale_settled: "Sale settled",
  sale_retried: "Sale retried",
  sale_resolved: "Sale resolved",
  fines_rechecked: "Fines checked again",
  slip_reprinted: "Slip reprinted",
  card_order_created: "Card order created",
  card_status_checked: "Card payment checked",
  shift_opened: "Shift opened",
  shift_closed: "Shift closed",
  cash_dropped: "Cash drop",
  cash_paid_out: "Pay-out",
  z_reprinted: "Z report reprinted",
  user_created: "User created",
  user_changed: "User changed",
  setting_changed: "Setting changed",
};

export const ROLE_LABELS: Record<string, string> = {
  cashier: "Cashier",
  supervisor: "Supervisor",
  kiosk: "Kiosk",
};
