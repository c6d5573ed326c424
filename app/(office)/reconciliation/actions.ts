"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { checkOrderStatusFor } from "@/lib/office/order-status";
import { checkOrderSchema } from "./schema";

export const checkOrderStatusAction = staffAction(
  ["supervisor"],
  checkOrderSchema,
  async (input, staff) => checkOrderStatusFor(input.orderId, actorOf(staff)),
);
