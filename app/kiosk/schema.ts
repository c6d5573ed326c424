// zod/mini, not full zod: the kiosk's forms check with this file in the browser.
import * as z from "zod/mini";
import { checkLookup } from "@/lib/kinds/fines/lookup-kind";
import { kioskCheckProblem, type KioskProblem } from "@/lib/i18n/kiosk-problems";
import { KIOSK_LOCALES } from "@/lib/i18n/kiosk-messages";

/** At the kiosk a customer looks up by their ID number or a notice number (no business look-up). */
export const KIOSK_LOOKUP_KINDS = ["id", "notice"] as const;

const lookupFields = {
  kind: z.enum(KIOSK_LOOKUP_KINDS),
  value: z.string().check(z.maxLength(40)),
};

/**
 * The server's check of the number. Its message is the kiosk's problem key
 * (lib/i18n/kiosk-problems.ts): the kiosk says it in the customer's language.
 */
const numberCheck = z.superRefine<{ kind: "id" | "notice"; value: string }>((input, ctx) => {
  const checked = checkLookup(input.kind, input.value);
  if (!checked.ok)
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: kioskCheckProblem(input.kind, checked.reason),
    });
});

export const kioskLookupSchema = z.object(lookupFields).check(numberCheck);
export type KioskLookupInput = z.infer<typeof kioskLookupSchema>;

/** Pay with no fine chosen cannot happen on the kiosk's screen (Pay waits for one): staff help. */
const NO_FINE_CHOSEN: KioskProblem = "help";

export const kioskPaySchema = z
  .object({
    ...lookupFields,
    idempotencyKey: z.uuid(),
    /** The customer's language: the checkout returns to the kiosk in it. */
    lang: z.optional(z.enum(KIOSK_LOCALES)),
    fines: z
      .array(
        z.object({
          noticeNumber: z.string().check(z.regex(/^\d{10,20}$/)),
          grossCents: z.int().check(z.positive(), z.maximum(100_000_000)),
        }),
      )
      .check(z.minLength(1, NO_FINE_CHOSEN), z.maxLength(50)),
  })
  .check(numberCheck);
export type KioskPayInput = z.infer<typeof kioskPaySchema>;
