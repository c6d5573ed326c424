"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { changeOwnPassword } from "@/lib/office/users";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { changePasswordSchema } from "./schema";

/** One's own password: the current one first, the new one under the password rules; audited. */
export const changeOwnPasswordAction = staffAction(
  ["cashier", "supervisor"],
  changePasswordSchema,
  async (input, staff) => {
    // Each try checks a password: a till left signed in must not become a guessing machine.
    await limitOrRefuse("passwordChange", staff.userId, actorOf(staff), "own_password");
    await changeOwnPassword(staff, input);
    return { done: true };
  },
);
