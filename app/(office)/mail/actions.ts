"use server";

import { revalidatePath } from "next/cache";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { resendMail } from "@/lib/mail";
import { resendSchema } from "./schema";

/** A message the outbox gave up on, sent again now (and retried again if it fails). */
export const resendMailAction = staffAction(["supervisor"], resendSchema, async (input) => {
  const result = await resendMail(input.id);
  if (result === "not_failed")
    throw new ActionError("Only a message that failed can be sent again.");
  revalidatePath("/mail");
  return { sent: result === "sent" };
});
