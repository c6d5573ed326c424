import { z } from "zod";
import { CONSENT_MESSAGE, checkAddress } from "@/lib/care/address";

/**
 * A send as the cashier fills it in: the sale, SMS or e-mail, the number or address, and the
 * customer's consent. The address is checked here (bad input never reaches a gateway) and
 * comes out in the one form Kassa sends to.
 */
export const sendTokensSchema = z
  .object({
    saleId: z.uuid("Not a sale id."),
    channel: z.enum(["sms", "email"], "Choose SMS or e-mail."),
    address: z.string().max(254),
    consent: z.boolean().optional(),
  })
  .transform((input, ctx) => {
    const checked = checkAddress(input.channel, input.address);
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["address"], message: checked.message });
    if (input.consent !== true)
      ctx.addIssue({ code: "custom", path: ["consent"], message: CONSENT_MESSAGE });
    return checked.ok ? { ...input, address: checked.address } : z.NEVER;
  });
