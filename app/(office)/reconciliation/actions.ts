"use server";

import { staffAction } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { checkOrderStatusFor } from "@/lib/office/order-status";
import { checkOrderSchema } from "./schema";

export const checkOrderStatusAction = staffAction(
  ["supervisor"],
  checkOrderSchema,
  async (input, staff) => {
    // A call to the core service: under the supervisor's own limit.
    await limitOrRefuse("officeCall", staff.userId, actorOf(staff), "order_status");
    return checkOrderStatusFor(input.orderId, actorOf(staff));
  },
);
