/**
 * What every kind of sale declares in one place (lib/kinds/<kind>/kind.ts). The registry
 * (index.ts) is a `Record<SaleKind, SaleKindModule>`: a new kind makes the compiler list
 * every place to fill. Pure types: no I/O here.
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
  kind: SaleKind;
  /** In the cashier's words: "Electricity", "Bill", ... */
  label: string;
  /** Where "New sale" goes after its slip. */
  newSalePath: string;
  /**
   * The core service is idempotent on the sale's key for this kind: an unknown sale that
   * was sent may be repeated under its own key (Retry). Otherwise never repeated.
   */
  repeatable: boolean;
  /** What the "Not confirmed" panel offers when a sent sale of this kind is unknown. */
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

/** Keeps the kind's own request/result types inside its module while the registry stays uniform. */
export function defineKind<Req, Res>(module: SaleKindModule<Req, Res>): SaleKindModule<Req, Res> {
  return module;
}
