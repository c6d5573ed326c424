import type { Staff } from "./staff";

/** How a supervisor confirmed an override again: their password, or their authenticator's code. */
export type ApprovalMethod = "password" | "totp";

/** Who confirmed a money-moving override, and how (lib/auth/step-up.ts). */
export interface Approval {
  userId: string;
  name: string;
  how: ApprovalMethod;
}

/**
 * A supervisor who has just confirmed an override (confirmStepUp): the changes that move money
 * or access take this, not a plain Staff, so none of them can run without the confirmation.
 */
export type Approved = Staff & { approval: Approval };

/** The audit detail that names who approved an override and how (read by lib/exceptions). */
export function approvalDetail(staff: Approved): {
  approvedBy: string;
  approvedById: string;
  approval: ApprovalMethod;
} {
  return {
    approvedBy: staff.approval.name,
    approvedById: staff.approval.userId,
    approval: staff.approval.how,
  };
}
