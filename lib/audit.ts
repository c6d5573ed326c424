import "server-only";
import { db } from "@/lib/db";
import { auditEvents } from "@/lib/db/schema";

export interface Actor {
  userId?: string | null;
  username?: string | null;
  role?: string | null;
  tillId?: string | null;
}

/** Kinds of audit event, so that the supervisor's filter has a fixed list. */
export type AuditKind =
  | "sign_in"
  | "sign_in_failed"
  | "account_locked"
  | "sign_out"
  | "access_refused"
  | "sale_recorded"
  | "sale_settled"
  | "sale_retried"
  | "sale_resolved"
  | "fines_rechecked"
  | "slip_reprinted"
  | "card_order_created"
  | "card_status_checked"
  | "shift_opened"
  | "shift_closed"
  | "cash_dropped"
  | "cash_paid_out"
  | "z_reprinted"
  | "user_created"
  | "user_changed"
  | "setting_changed"
  | "rate_limited"
  | "device_enrolled"
  | "device_revoked"
  | "shift_force_closed"
  | "slip_viewed"
  | "print_attempted"
  | "slip_printed"
  | "print_failed"
  | "drawer_opened"
  | "ledger_unreadable";

/** Write one audit event. Never pass a password, card number or API key in `detail`. */
export async function audit(
  actor: Actor,
  kind: AuditKind,
  subject?: string | null,
  detail?: Record<string, unknown>,
): Promise<void> {
  const database = await db();
  await database.insert(auditEvents).values({
    userId: actor.userId ?? null,
    username: actor.username ?? null,
    role: actor.role ?? null,
    tillId: actor.tillId ?? null,
    kind,
    subject: subject ?? null,
    detail: detail ?? null,
  });
}
