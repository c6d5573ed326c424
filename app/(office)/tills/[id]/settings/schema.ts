import * as z from "zod/mini";

/** Thermal rolls Kassa prints on. */
export const PAPER_WIDTHS = ["58", "80"] as const;

/** A till's printing: shared by the settings form (browser) and its server action. */
export const tillSettingsSchema = z.object({
  paperWidthMm: z.enum(PAPER_WIDTHS, { error: "Choose 58 mm or 80 mm paper." }),
  autoPrint: z.boolean(),
});
export type TillSettingsInput = z.infer<typeof tillSettingsSchema>;

export const tillSettingsActionSchema = z.object({
  tillId: z.string().check(z.minLength(1), z.maxLength(64)),
  settings: tillSettingsSchema,
});
