// zod/mini: the form checks these in the browser; the action checks them again with the rest
// of the password rules (lib/auth/password-strength.ts), which need the server's list.
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { newPassword } from "@/lib/auth/password-schema";

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .check(
        z.minLength(1, "Enter your current password."),
        z.maxLength(MAX_PASSWORD_LENGTH, "That password is too long."),
      ),
    newPassword,
    repeatPassword: z.string().check(z.maxLength(MAX_PASSWORD_LENGTH)),
  })
  .check(
    z.refine((v) => v.repeatPassword === v.newPassword, {
      message: "Type the new password the same way twice.",
      path: ["repeatPassword"],
    }),
  );
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
