"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { createUser, resetPassword, setDisabled, unlockUser } from "@/lib/office/users";
import { createUserSchema, resetPasswordSchema, setDisabledSchema, userRefSchema } from "./schema";

export const createUserAction = staffAction(
  ["supervisor"],
  createUserSchema,
  async (input, staff) => {
    const result = await createUser(staff, input);
    revalidatePath("/users");
    return result;
  },
);

export const resetPasswordAction = staffAction(
  ["supervisor"],
  resetPasswordSchema,
  async (input, staff) => {
    await resetPassword(staff, input.userId, input.password);
    return { done: true };
  },
);

export const unlockUserAction = staffAction(["supervisor"], userRefSchema, async (input, staff) => {
  await unlockUser(staff, input.userId);
  revalidatePath("/users");
  return { done: true };
});

export const setDisabledAction = staffAction(
  ["supervisor"],
  setDisabledSchema,
  async (input, staff) => {
    await setDisabled(staff, input.userId, input.disabled);
    revalidatePath("/users");
    return { done: true };
  },
);
