/**
 * How a fines slip reads a completed sale back: the request (what was chosen) and the
 * result (what mark-paid answered). Pure, tolerant of missing registry numbers.
 */
import { z } from "zod";

const cents = z.number().int();

/** The one schema of what a fines sale stores as its request (lib/kinds/fines/pay.ts writes it). */
export const finesRequestSchema = z.object({
  /** How the fines were found; an ID number only masked. */
  lookup: z.object({ kind: z.enum(["id", "registration", "notice"]), shown: z.string() }),
  paymentType: z.enum(["CASH", "CARD"]),
  fines: z
    .array(
      z.object({
        noticeNumber: z.string().min(1),
        grossCents: cents.positive(),
        netCents: cents,
        vendorFeeCents: cents,
        charge: z.string(),
        date: z.string().nullable(),
      }),
    )
    .min(1),
});
export type FinesSaleRequest = z.infer<typeof finesRequestSchema>;

/** The one schema of what a completed fines sale stores as its result (what mark-paid answered). */
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

const LOOKED_UP_BY = {
  id: "ID number",
  registration: "Registration number",
  notice: "Notice number",
} as const;

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
