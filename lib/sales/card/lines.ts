/**
 * The line items of a card order, from a recorded sale. Each kind says its lines in the
 * registry (lib/kinds/), reading `sale.request` through the kind's one schema; when
 * they do not add up to the sale's amount (or the request cannot be read), one line for the
 * whole sale is used, so the order total is always exactly what the journal recorded.
 */
import type { SaleKind } from "@/lib/db/schema";
import { kindOf } from "@/lib/kinds";
import { KIND_META } from "@/lib/kinds/meta";
import { formatRand, plainText, vatIncluded } from "@/lib/money";

export interface PlannedLine {
  id: string;
  productId: string;
  name: string;
  description: string | null;
  unitPriceCents: number;
  quantity: number;
  vatPercent: number | null;
  vatCents: number | null;
}

export interface PlannedOrder {
  description: string;
  lines: PlannedLine[];
  vatCents: number | null;
}

export interface OrderSource {
  kind: SaleKind;
  amountCents: number;
  reference: string;
  request: unknown;
}

export function planOrder(source: OrderSource, vatPercent: number): PlannedOrder {
  const kind = kindOf(source.kind);
  let found = kind.orderLines(source) ?? [];
  if (found.length === 0 || found.reduce((sum, d) => sum + d.cents, 0) !== source.amountCents) {
    found = [
      {
        productId: `${source.kind}:${source.reference}`,
        name: `${KIND_META[source.kind].orderFallbackName} ${source.reference}`,
        cents: source.amountCents,
      },
    ];
  }
  const withVat = kind.vatApplies(source.request);
  const lines = found.map((d, i): PlannedLine => ({
    id: String(i + 1),
    productId: d.productId,
    name: d.name,
    description: d.description ?? null,
    unitPriceCents: d.cents,
    quantity: 1,
    vatPercent: withVat ? vatPercent : null,
    vatCents: withVat ? vatIncluded(d.cents, vatPercent) : null,
  }));
  const vatCents = withVat ? lines.reduce((sum, l) => sum + (l.vatCents ?? 0), 0) : null;
  const meta = KIND_META[source.kind];
  // Plain spaces on the wire: the core service's checkout page is not Kassa's screen.
  const description = plainText(
    meta.orderLinesWord && lines.length > 1
      ? `${meta.label} (${lines.length} ${meta.orderLinesWord}), ${formatRand(source.amountCents)}`
      : `${lines[0]!.name}, ${formatRand(source.amountCents)}`,
  );
  return { description, lines, vatCents };
}
