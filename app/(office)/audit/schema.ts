import { z } from "zod";

/** The audit log's filters, from the page's query string; anything odd is simply not applied. */
export const auditFilterSchema = z.object({
  user: z.string().trim().max(64).optional().catch(undefined),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  till: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional()
    .catch(undefined),
  cashier: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
