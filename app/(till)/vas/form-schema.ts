// zod/mini: the till's VAS forms load this file when they are first checked (schemaResolver).
import * as z from "zod/mini";

/** Get quote: the product decides whether a number or an amount is needed and its range, checked on submit. */
export const quoteFieldsSchema = z.object({
  mobileNumber: z.string().check(z.maxLength(30)),
  amount: z.string().check(z.maxLength(20)),
});
export type QuoteFields = z.infer<typeof quoteFieldsSchema>;

/** Purchase: cash or card for the quoted sale. */
export const methodSchema = z.object({
  method: z.enum(["cash", "card"], { error: "Choose cash or card." }),
});
export type MethodValues = z.infer<typeof methodSchema>;
