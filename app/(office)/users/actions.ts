"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { confirmStepUp } from "@/lib/auth/step-up";
import { createUser, resetPassword, setDisabled, setRole, unlockUser } from "@/lib/office/users";
import {
  createUserSchema,
  resetPasswordSchema,
  setDisabledSchema,
  setRoleSchema,
  userRefSchema,
} from "./schema";

export const createUserAction = staffAction(
  ["supervisor"],
  createUserSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "user_create");
    const result = await createUser(approved, input);
    revalidatePath("/users");
    return result;
  },
);

export const resetPasswordAction = staffAction(
  ["supervisor"],
  resetPasswordSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "password_reset");
    await resetPassword(approved, input.userId, input.password);
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
    const approved = await confirmStepUp(staff, input.confirm, "user_disable");
    await setDisabled(approved, input.userId, input.disabled, { confirmSelf: input.confirmSelf });
    revalidatePath("/users");
    return { done: true };
  },
);

export const setRoleAction = staffAction(["supervisor"], setRoleSchema, async (input, staff) => {
  const approved = await confirmStepUp(staff, input.confirm, "user_role");
  await setRole(approved, input.userId, input.role, { confirmSelf: input.confirmSelf });
  revalidatePath("/users");
  return { done: true };
});
