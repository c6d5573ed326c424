// zod/mini: the authenticator's forms check these in the browser, their actions on the server.
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/password-rules";

/** The supervisor's password: setting an authenticator up or taking it away asks for it. */
const confirm = z
  .string()
  .check(
    z.minLength(1, "Enter your password."),
    z.maxLength(MAX_PASSWORD_LENGTH, "That password is too long."),
  );

/** The first code of the new authenticator, and the password: together they turn it on. */
export const turnOnSchema = z.object({
  code: z
    .string()
    .check(z.trim(), z.regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code the app shows now.")),
  confirm,
});

export const turnOffSchema = z.object({ confirm });
