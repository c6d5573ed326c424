"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { confirmPassword } from "@/lib/auth/step-up";
import { removeTotp, startTotp, takeTotpCode } from "@/lib/auth/totp-store";
import { audit } from "@/lib/audit";
import { ActionError } from "@/lib/errors";
import { turnOffSchema, turnOnSchema } from "./schema";

/** A new secret for the supervisor's authenticator: shown on the page until its first code turns it on. */
export const startTotpAction = staffAction(["supervisor"], z.object({}), async (_input, staff) => {
  const started = await startTotp(staff.userId);
  if (!started) throw new ActionError("Your authenticator is on already: turn it off first.");
  revalidatePath("/authenticator");
  return { started: true };
});

/**
 * The password and the app's first code turn the authenticator on: from then on every override
 * is confirmed with a code. The password first, so a session left open cannot tie someone
 * else's phone to this account.
 */
export const turnOnTotpAction = staffAction(["supervisor"], turnOnSchema, async (input, staff) => {
  await confirmPassword(staff, input.confirm, "totp_enable");
  if (!(await takeTotpCode(staff.userId, input.code, { waiting: true })))
    throw new ActionError(
      "That is not the code the app shows now. Check the phone's clock, then try the next code.",
      "code",
    );
  await audit(actorOf(staff), "totp_enabled", staff.username, { userId: staff.userId });
  revalidatePath("/authenticator");
  return { on: true };
});

/** The password takes the authenticator away (or drops a set-up never finished): overrides ask for the password again. */
export const turnOffTotpAction = staffAction(
  ["supervisor"],
  turnOffSchema,
  async (input, staff) => {
    await confirmPassword(staff, input.confirm, "totp_disable");
    if (await removeTotp(staff.userId))
      await audit(actorOf(staff), "totp_disabled", staff.username, { userId: staff.userId });
    revalidatePath("/authenticator");
    return { on: false };
  },
);
