/**
 * How a fines slip reads a completed sale back: the request (what was chosen) and the
 * result (what mark-paid answered). Pure, tolerant of missing registry numbers.
 */
import { z } from "zod";

const cents = z.number().int();

export const finesRequestSchema = z.object({
  lookup: z.object({ kind: z.enum(["id", "registration", "notice"]), shown: z.string() }).optional(),
  fines: z.array(z.object({ noticeNumber: z.string(), grossCents: cents, netCents: cents.optional(), vendorFeeCents: cents.optional(), charge: z.string().optional(), date: z.string().nullish() })),
});

export const finesResultSchema = z.object({
  orderId: z.string(),
  grossCents: cents,
  netCents: cents.nullable(),
  vendorFeeCents: cents.nullable(),
  merchantFeeCents: cents.nullable(),
  fines: z.array(
    z.object({
      noticeNumber: z.string(),
      invoiceNumber: z.string().nullable(),
      receiptNumber: z.string().nullable(),
      grossCents: cents.nullable(),
      netCents: cents.nullable(),
      vendorFeeCents: cents.nullable(),
    }),
  ),
});

export interface SlipFine {
  noticeNumber: string;
  charge: string | null;
  date: string | null;
  invoiceNumber: string | null;
  receiptNumber: string | null;
  grossCents: number;
}

export interface FinesSlipData {
  orderId: string;
  fines: SlipFine[];
  netCents: number | null;
  vendorFeeCents: number | null;
  grossCents: number;
  lookedUpBy: string | null;
}

const LOOKED_UP_BY = { id: "ID number", registration: "Registration number", notice: "Notice number" } as const;

/** One row per fine paid, in the order chosen, with the registry's numbers; null when the sale cannot be read. */
export function finesSlipData(request: unknown, result: unknown): FinesSlipData | null {
  const req = finesRequestSchema.safeParse(request);
  const res = finesResultSchema.safeParse(result);
  if (!req.success || !res.success) return null;
  const fines = res.data.fines.map((paid) => {
    const chosen = req.data.fines.find((f) => f.noticeNumber === paid.noticeNumber);
    return {
      noticeNumber: paid.noticeNumber,
      charge: chosen?.charge ?? null,
      date: chosen?.date ?? null,
      invoiceNumber: paid.invoiceNumber,
      receiptNumber: paid.receiptNumber,
      grossCents: paid.grossCents ?? chosen?.grossCents ?? 0,
    };
  });
  const lookup = req.data.lookup;
  return {
    orderId: res.data.orderId,
    fines,
    netCents: res.data.netCents,
    vendorFeeCents: res.data.vendorFeeCents,
    grossCents: res.data.grossCents,
    lookedUpBy: lookup ? `${LOOKED_UP_BY[lookup.kind]} ${lookup.shown}` : null,
  };
}
