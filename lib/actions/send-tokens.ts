"use server";

import { staffAction } from "@/lib/auth/action";
import { sendSaleToCustomer } from "@/lib/care/send";
import { sendTokensSchema } from "./send-tokens-schema";

/**
 * Sends a completed sale's tokens, voucher PIN or bill receipt to the customer by SMS or
 * e-mail (the slip screen and History at the till; the sale's page in the office).
 */
export const sendTokensAction = staffAction(
  ["cashier", "supervisor"],
  sendTokensSchema,
  (input, staff) => sendSaleToCustomer(staff, input),
);
