// zod/mini: the override forms check it in the browser, their actions on the server.
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH } from "./password-rules";

/**
 * The `confirm` field of every money-moving override: the supervisor's password again, or
 * the code of their authenticator once they turned it on. Whether it is right is the server's
 * question (lib/auth/step-up.ts), answered next to this same field.
 */
export const stepUpConfirm = z
  .string()
  .check(
    z.minLength(1, "Confirm with your password (or your authenticator's code)."),
    z.maxLength(MAX_PASSWORD_LENGTH, "That is too long for a password."),
  );
