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
  // A sale's and a card order's transitions (lib/sales/door/table.ts).
  | "sale_recorded"
  | "sale_claimed"
  | "sale_retried"
  | "sale_completed"
  | "sale_failed"
  | "sale_unknown"
  | "sale_interrupted"
  | "sale_not_sent"
  | "sale_resolved"
  | "card_sale_not_started"
  | "card_sale_unverified"
  | "card_sale_not_paid"
  | "card_sale_unverified_not_paid"
  | "card_sale_paid_not_delivered"
  | "card_sale_cancelled_at_till"
  | "card_sale_paid_after_cancel"
  | "card_sale_delivered_at_till"
  | "card_sale_owed_back"
  | "card_order_claimed"
  | "card_order_cancelled"
  | "card_order_closed"
  | "card_refund_owed"
  | "card_order_paid_not_delivered"
  | "card_order_delivered"
  | "card_order_refunded"
  /** Before the door: how a sale ended, in events written until then. */
  | "sale_settled"
  | "fines_rechecked"
  | "slip_reprinted"
  | "slip_put_away"
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
  /** A money-moving override's confirmation (password or authenticator code) was wrong. */
  | "step_up_refused"
  | "totp_enabled"
  | "totp_disabled"
  | "device_enrolled"
  | "device_revoked"
  | "kiosk_closed"
  | "shift_force_closed"
  | "slip_viewed"
  | "print_attempted"
  | "slip_printed"
  | "print_failed"
  | "drawer_opened"
  | "ledger_unreadable"
  | "care_case_recorded"
  | "care_tokens_reprinted"
  | "care_meter_confirmed"
  | "token_sent"
  | "token_send_failed"
  | "commission_rate_added"
  | "commission_rate_withdrawn"
  | "commission_statement_entered"
  | "accounts_mapped"
  | "owner_mail_sent";

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
