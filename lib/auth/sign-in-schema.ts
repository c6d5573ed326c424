import { z } from "zod";

/** The sign-in form, shared by the page and next-auth's authorize. */
export const signInSchema = z.object({
  username: z.string().trim().min(1, "Enter your user name.").max(64),
  password: z.string().min(1, "Enter your password.").max(200),
  tillId: z.string().trim().min(1, "Choose the till you are working at.").max(64),
});
export type SignInInput = z.infer<typeof signInSchema>;
