import { z } from "zod";

export const kioskCardStartSchema = z.object({ saleId: z.uuid("Not a sale id.") });
/** `final` on the return page's last check: a payment still PENDING then is left for a supervisor. */
export const kioskCardFinishSchema = z.object({
  saleId: z.uuid("Not a sale id."),
  final: z.boolean(),
});
