import { z } from "zod/mini";

/**
 * The sign-in form, shared by the page (react-hook-form) and next-auth's authorize. No till:
 * the till is the enrolled device's.
 */
export const signInSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, "Enter your user name."), z.maxLength(64)),
  password: z.string().check(z.minLength(1, "Enter your password."), z.maxLength(200)),
});
export type SignInInput = z.infer<typeof signInSchema>;
