import { z } from "zod";
import { checkLookup, LOOKUP_KINDS } from "@/lib/fines/lookup-kind";

/** Look-up: which kind of number and the number as typed; checked the same way in the browser and the action. */
export const lookupSchema = z
  .object({ kind: z.enum(LOOKUP_KINDS), value: z.string().max(40) })
  .superRefine((input, ctx) => {
    const checked = checkLookup(input.kind, input.value);
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["value"], message: checked.message });
  });
export type LookupInput = z.infer<typeof lookupSchema>;

/** Pay: the fines chosen with the gross amount shown, how they were found, and the form's idempotency key. */
export const payFinesSchema = z
  .object({
    idempotencyKey: z.string().uuid(),
    /** The cashier answered "Sell again?" with yes (the duplicate-sale guard). */
    sellAgain: z.boolean().optional(),
    lookupKind: z.enum(LOOKUP_KINDS),
    lookupValue: z.string().max(40),
    method: z.enum(["cash", "card"]),
    fines: z
      .array(
        z.object({
          noticeNumber: z.string().regex(/^\d{10,20}$/),
          grossCents: z.number().int().positive().max(100_000_000),
        }),
      )
      .min(1, "Select at least one unpaid fine.")
      .max(50)
      .refine(
        (fines) => new Set(fines.map((f) => f.noticeNumber)).size === fines.length,
        "A fine is selected twice.",
      ),
  })
  .superRefine((input, ctx) => {
    const checked = checkLookup(input.lookupKind, input.lookupValue);
    if (!checked.ok)
      ctx.addIssue({ code: "custom", path: ["lookupValue"], message: checked.message });
  });
export type PayFinesInput = z.infer<typeof payFinesSchema>;

export const recheckSchema = z.object({ saleId: z.string().uuid() });
