import type { Cents } from "@/lib/money";

/** One fine as the screens show it: a small view, never the registry's answer whole. */
export interface FineRow {
  noticeNumber: string;
  /** `YYYY-MM-DD` and `hh:mm:ss`, local (South African) time as the registry records it. */
  date: string | null;
  time: string | null;
  place: string;
  charge: string;
  demeritPoints: number | null;
  vehicle: string | null;
  netCents: Cents;
  vendorFeeCents: Cents;
  grossCents: Cents;
  isPaid: boolean;
  /** The registry's status when known (10 court case, 13 partly paid): see lib/kinds/fines/payability.ts. */
  registryStatus: number | null;
}

export interface FinesFound {
  fines: FineRow[];
  hasFinesToPay: boolean;
}

export type { FinesSaleRequest } from "@/lib/kinds/fines/slip-data";
