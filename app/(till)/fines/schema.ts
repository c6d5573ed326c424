// zod/mini, not full zod: the till's look-up form checks with this file in the browser.
import * as z from "zod/mini";
import { checkLookup, LOOKUP_KINDS } from "@/lib/kinds/fines/lookup-kind";

/** Look-up: which kind of number and the number as typed; checked the same way in the browser and the action. */
export const lookupSchema = z
  .object({ kind: z.enum(LOOKUP_KINDS), value: z.string().check(z.maxLength(40)) })
  .check(
    z.superRefine((input, ctx) => {
      const checked = checkLookup(input.kind, input.value);
      if (!checked.ok) ctx.addIssue({ code: "custom", path: ["value"], message: checked.message });
    }),
  );
export type LookupInput = z.infer<typeof lookupSchema>;

/** The pay panel's form: cash or card and the fines chosen, each with the gross amount shown. */
export const payChoiceSchema = z.object({
  method: z.enum(["cash", "card"]),
  fines: z
    .array(
      z.object({
        noticeNumber: z.string().check(z.regex(/^\d{10,20}$/)),
        grossCents: z.int().check(z.positive(), z.maximum(100_000_000)),
      }),
    )
    .check(
      z.minLength(1, "Select at least one unpaid fine."),
      z.maxLength(50),
      z.refine(
        (fines) => new Set(fines.map((f) => f.noticeNumber)).size === fines.length,
        "A fine is selected twice.",
      ),
    ),
});
export type PayChoice = z.infer<typeof payChoiceSchema>;

/** Pay: the panel's choice, how the fines were found, and the form's idempotency key. */
export const payFinesSchema = z
  .extend(payChoiceSchema, {
    idempotencyKey: z.uuid(),
    /** The cashier answered "Sell again?" with yes (the duplicate-sale guard). */
    sellAgain: z.optional(z.boolean()),
    lookupKind: z.enum(LOOKUP_KINDS),
    lookupValue: z.string().check(z.maxLength(40)),
  })
  .check(
    z.superRefine((input, ctx) => {
      const checked = checkLookup(input.lookupKind, input.lookupValue);
      if (!checked.ok)
        ctx.addIssue({ code: "custom", path: ["lookupValue"], message: checked.message });
    }),
  );
export type PayFinesInput = z.infer<typeof payFinesSchema>;

export const recheckSchema = z.object({ saleId: z.uuid() });
