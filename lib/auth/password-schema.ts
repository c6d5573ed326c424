// zod/mini: the password forms check it in the browser, their actions on the server, which then
// check the rest of the rules (lib/auth/password-strength.ts: they need the server's list).
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

/** A new password (one's own, a new user's, a reset one): long enough, and not too long. */
export const newPassword = z
  .string()
  .check(
    z.minLength(
      MIN_PASSWORD_LENGTH,
      `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    ),
    z.maxLength(MAX_PASSWORD_LENGTH, "That password is too long."),
  );
