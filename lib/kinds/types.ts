/**
 * What every kind of sale declares in one place (lib/kinds/<kind>/kind.ts). The registry
 * (index.ts) is a `Record<SaleKind, SaleKindModule>`: a new kind makes the compiler list
 * every place to fill. Pure: no I/O here.
 */
import type { z } from "zod";
import type { Sale, SaleKind } from "@/lib/db/schema";
import type { NextStep } from "@/lib/sales/sale-view";

/** One line of a card order, before ids and VAT are added (lib/sales/card/lines.ts). */
export interface OrderDraft {
  productId: string;
  name: string;
  description?: string;
  cents: number;
}

export interface SaleKindModule<Req = unknown, Res = unknown> {
  /** Its label and form's path are its KIND_META entry (meta.ts). */
  kind: SaleKind;
  /**
   * What the "Not confirmed" panel offers when a sent sale of this kind is unknown. `retry`
   * only where the core service is idempotent on the sale's key: the registry calls such a
   * kind repeatable, and an unknown sale of it that was sent may be repeated under its own
   * key. Any other kind is never repeated.
   */
  unknownStep: NextStep;
  /** The ONE schema of what the journal stores as `sale.request`. */
  request: z.ZodType<Req>;
  /** The ONE schema of what the journal stores as `sale.result` of a completed sale. */
  result: z.ZodType<Res>;
  /** Calls the core service for a recorded sale; returns what to keep as its result. */
  fulfil: (sale: Sale, request: Req) => Promise<Res>;
  /** The card order's lines; they must add up to the sale's amount (else one line for all). */
  orderLines: (sale: Pick<Sale, "amountCents" | "reference">, request: Req) => OrderDraft[];
  /** VAT is included in the price of this sale (card order lines). */
  vatApplies: (request: Req) => boolean;
  /**
   * What the sale is for in the middle of a sentence, when its reference alone does not say
   * it (a VAS product's name and number); otherwise the kind's label and reference are used.
   */
  describe?: (request: Req) => string;
}

/**
 * What a municipal purchase (a prepaid vend, a bill) sends for a recorded sale: its amount,
 * method and key, so that a repeat under the key never sells twice, and the range the
 * number's confirm gave, so that a refusal can name it.
 */
export function municipalPurchase<M extends string>(
  sale: Pick<Sale, "amountCents" | "method" | "idempotencyKey">,
  request: { municipality: M; minCents?: number | null; maxCents?: number | null },
) {
  return {
    municipality: request.municipality,
    amountCents: sale.amountCents,
    method: sale.method,
    idempotencyKey: sale.idempotencyKey,
    limits: { minCents: request.minCents ?? null, maxCents: request.maxCents ?? null },
  };
}

/** Keeps the kind's own request/result types inside its module while the registry stays uniform. */
export function defineKind<Req, Res>(module: SaleKindModule<Req, Res>): SaleKindModule<Req, Res> {
  return module;
}
