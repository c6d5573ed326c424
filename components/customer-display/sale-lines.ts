/**
 * What the fines and VAS forms tell the display facing the customer, built here and loaded by
 * the forms when first needed (a dynamic import): the till pages' JavaScript budget keeps
 * only the call.
 */
import type { FineRow } from "@/lib/kinds/fines/view";
import { LOOKUP_LABELS, type LookupKind } from "@/lib/kinds/fines/lookup-kind";
import { maskIdNumber } from "@/lib/sa-id";
import { VAS_KIND_LABELS, type VasKind } from "@/lib/kinds/vas/catalogue";
import { showOnCustomerDisplay } from "./channel";

/** The fines chosen, each with its charge and amount, and the total; an ID number only masked. */
export function showFinesChosen(
  lookup: { kind: LookupKind; value: string },
  chosen: readonly FineRow[],
): void {
  showOnCustomerDisplay({
    show: "confirm",
    what: "Traffic fines",
    referenceLabel: LOOKUP_LABELS[lookup.kind],
    reference: lookup.kind === "id" ? maskIdNumber(lookup.value) : lookup.value,
    ownerName: null,
    amountCents: chosen.length ? chosen.reduce((sum, f) => sum + f.grossCents, 0) : null,
    items: chosen.map((f) => ({
      label: `Notice ${f.noticeNumber}`,
      detail: f.charge || null,
      amountCents: f.grossCents,
    })),
  });
}

/** A VAS quote: the product, the number it goes to, its lines and the total. */
export function showQuote(
  kind: VasKind,
  quote: {
    productName: string;
    mobileNumber: string | null;
    amountCents: number;
    totalCents: number;
    fees: readonly { description: string; amountCents: number }[];
  },
): void {
  showOnCustomerDisplay({
    show: "confirm",
    what: VAS_KIND_LABELS[kind],
    referenceLabel: quote.mobileNumber ? "Mobile number" : "Product",
    reference: quote.mobileNumber ?? quote.productName,
    ownerName: null,
    amountCents: quote.totalCents,
    items: [
      { label: quote.productName, detail: null, amountCents: quote.amountCents },
      ...quote.fees.map((f) => ({
        label: f.description,
        detail: null,
        amountCents: f.amountCents,
      })),
    ],
  });
}
