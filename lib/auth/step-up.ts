import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { users } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { ActionError } from "@/lib/errors";
import { givePointBack, RateLimited, takePoint } from "@/lib/security/rate-limit";
import { actorOf } from "./actor";
import type { ApprovalMethod, Approved } from "./approval";
import { verifyPassword } from "./password";
import type { Staff } from "./staff";
import { confirmsWithCode, takeTotpCode } from "./totp-store";

/** Where the confirmation's message stands: the `confirm` field of every override's form. */
const FIELD = "confirm";

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const database = await db();
  const [user] = await database
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? verifyPassword(user.hash, password) : false;
}

const REFUSED: Record<ApprovalMethod, string> = {
  password: "That is not your password.",
  totp: "That is not the current code of your authenticator (each code counts once).",
};

/**
 * One confirmation, checked under the `stepUp` limit: wrong answers are limited per supervisor
 * (lib/security/rate-limit.ts) and audited, a right one gives its point back. Refusals throw an
 * ActionError on the `confirm` field, before anything is changed.
 */
async function check(staff: Staff, what: string, how: ApprovalMethod, confirm: string) {
  const actor = actorOf(staff);
  const { waitSeconds } = await takePoint("stepUp", staff.userId);
  if (waitSeconds !== null) {
    await audit(actor, "rate_limited", what, { limit: "stepUp", retryAfterSeconds: waitSeconds });
    throw new ActionError(new RateLimited(waitSeconds).message, FIELD, { code: "rate_limited" });
  }
  const confirmed =
    how === "totp"
      ? await takeTotpCode(staff.userId, confirm)
      : await passwordMatches(staff.userId, confirm);
  if (!confirmed) {
    await audit(actor, "step_up_refused", what, { how });
    throw new ActionError(REFUSED[how], FIELD, { code: "step_up_refused" });
  }
  await givePointBack("stepUp", staff.userId);
}

/**
 * The step-up every money-moving override asks for (resolve or fail a sale by hand, a refund,
 * a forced shift close, user and till changes): the supervisor's password again, or, once
 * they turned their authenticator on, its current code (each code counts once). `what` names
 * the override in the audit log; the answer is the supervisor as approver of this override.
 */
export async function confirmStepUp(
  staff: Staff,
  confirm: string,
  what: string,
): Promise<Approved> {
  const how = (await confirmsWithCode(staff.userId)) ? "totp" : "password";
  await check(staff, what, how, confirm);
  return { ...staff, approval: { userId: staff.userId, name: staff.name, how } };
}

/** The password alone, whatever the authenticator: turning the authenticator on or off. */
export async function confirmPassword(staff: Staff, password: string, what: string) {
  await check(staff, what, "password", password);
}
