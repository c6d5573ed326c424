import { z } from "zod";
import { checkLookup } from "@/lib/fines/lookup-kind";
import { KIOSK_LOCALES } from "@/lib/i18n/kiosk-messages";

/** At the kiosk a customer looks up by their ID number or a notice number (no business look-up). */
export const KIOSK_LOOKUP_KINDS = ["id", "notice"] as const;

const lookupFields = { kind: z.enum(KIOSK_LOOKUP_KINDS), value: z.string().max(40) };

export const kioskLookupSchema = z.object(lookupFields).superRefine((input, ctx) => {
  const checked = checkLookup(input.kind, input.value);
  if (!checked.ok) ctx.addIssue({ code: "custom", path: ["value"], message: checked.message });
});

export const kioskPaySchema = z
  .object({
    ...lookupFields,
    idempotencyKey: z.string().uuid(),
    /** The customer's language: the checkout returns to the kiosk in it. */
    lang: z.enum(KIOSK_LOCALES).optional(),
    fines: z
      .array(
        z.object({
          noticeNumber: z.string().regex(/^\d{10,20}$/),
          grossCents: z.number().int().positive().max(100_000_000),
        }),
      )
      .min(1, "Choose at least one fine.")
      .max(50),
  })
  .superRefine((input, ctx) => {
    const checked = checkLookup(input.kind, input.value);
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["value"], message: checked.message });
  });
