import { z } from "zod";

/** `final` on the return page's last check: a payment still PENDING then is left for a supervisor. */
export const kioskCardFinishSchema = z.object({
  saleId: z.uuid("Not a sale id."),
  final: z.boolean(),
});
