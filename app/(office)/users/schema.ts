import { z } from "zod";
import { ROLES } from "@/lib/db/schema";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(200, "That password is too long.");

export const createUserSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, "3 to 32 characters: letters, digits, dot, dash or underscore."),
  displayName: z.string().trim().min(1, "Enter the name shown on screen.").max(80, "Keep the name under 80 characters."),
  role: z.enum(ROLES, "Choose cashier, supervisor or kiosk."),
  password,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

const userId = z.uuid("Not a user id.");
export const userRefSchema = z.object({ userId });
export const resetPasswordSchema = z.object({ userId, password });
export const setDisabledSchema = z.object({ userId, disabled: z.boolean() });
