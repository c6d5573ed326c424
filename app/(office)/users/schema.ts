// zod/mini: the users forms check these in the browser with react-hook-form, the actions on the server.
import * as z from "zod/mini";
import type { Role } from "@/lib/db/schema";
import { newPassword as password } from "@/lib/auth/password-schema";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";

const ROLE_CHOICES = ["cashier", "supervisor", "kiosk"] as const satisfies readonly Role[];

export const createUserSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.regex(
        /^[a-z0-9][a-z0-9._-]{2,31}$/,
        "3 to 32 characters: letters, digits, dot, dash or underscore.",
      ),
    ),
  displayName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter the name shown on screen."),
      z.maxLength(80, "Keep the name under 80 characters."),
    ),
  role: z.enum(ROLE_CHOICES, "Choose cashier, supervisor or kiosk."),
  password,
  confirm: stepUpConfirm,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

const userId = z.uuid("Not a user id.");
export const userRefSchema = z.object({ userId });
export const resetPasswordSchema = z.object({ userId, password, confirm: stepUpConfirm });
/** The reset form's own fields: the user it is for comes from the row, not from the form. */
export const newPasswordSchema = z.object({ password, confirm: stepUpConfirm });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
/** `confirmSelf`: the supervisor said yes to taking away their own account (the page asks first). */
const confirmSelf = z.optional(z.boolean());
export const setDisabledSchema = z.object({
  userId,
  disabled: z.boolean(),
  confirmSelf,
  confirm: stepUpConfirm,
});
export const setRoleSchema = z.object({
  userId,
  role: z.enum(ROLE_CHOICES, "Choose cashier, supervisor or kiosk."),
  confirmSelf,
  confirm: stepUpConfirm,
});
