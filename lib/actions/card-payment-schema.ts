import { z } from "zod";

/** The counter's card-payment actions name only the sale; the server finds everything else. */
export const cardPaymentSchema = z.object({ saleId: z.uuid("Not a sale id.") });
