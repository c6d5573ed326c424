/**
 * The line items of a card order, from a recorded sale. Pure, so the rules are unit-tested.
 * It reads `sale.request` tolerantly (each flow writes its own shape): when the request
 * does not give lines that add up to the sale's amount, one line for the whole sale is
 * used, so the order total is always exactly what the journal recorded.
 */
import type { SaleKind } from "@/lib/db/schema";
import { formatRand, vatIncluded } from "@/lib/money";

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

/**
 * VAT is included in the price of electricity and of airtime, data and vouchers. A bill
 * payment settles an account that the municipality already invoiced (with its VAT), a
 * traffic fine is a penalty, not a supply, and lotto is not sold with VAT at the counter.
 */
function vatApplies(kind: SaleKind, request: Record<string, unknown>): boolean {
  if (kind === "electricity") return true;
  if (kind === "vas") return text(request, "category")?.toLowerCase() !== "lotto";
  return false;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(source: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "string" && value.trim()) return value.trim();
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

function centsField(source: Record<string, unknown>, ...keys: string[]): number | undefined {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  }
  return undefined;
}

/** "tshwane_prepaid" → "Tshwane". */
function municipalityName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const place = value.replace(/_(prepaid|postpaid)$/, "");
  return place.charAt(0).toUpperCase() + place.slice(1);
}

type Draft = { productId: string; name: string; description?: string; cents: number };

function fineDrafts(request: Record<string, unknown>): Draft[] {
  const list = request.fines ?? request.notices ?? request.selected;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): Draft[] => {
    const fine = record(item);
    const notice = text(fine, "noticeNumber", "notice", "number");
    const cents = centsField(fine, "grossCents", "grossAmountCents", "amountCents");
    return notice && cents
      ? [{ productId: `fine:${notice}`, name: `Traffic fine, notice ${notice}`, cents }]
      : [];
  });
}

function drafts(source: OrderSource, request: Record<string, unknown>): Draft[] {
  switch (source.kind) {
    case "electricity": {
      const meter = text(request, "meterNumber") ?? source.reference;
      const place = municipalityName(text(request, "municipality"));
      return [
        {
          productId: `electricity:${text(request, "municipality") ?? "prepaid"}`,
          name: `Prepaid electricity, meter ${meter}`,
          description: place,
          cents: source.amountCents,
        },
      ];
    }
    case "bill": {
      const account = text(request, "accountNumber") ?? source.reference;
      const place = municipalityName(text(request, "municipality"));
      return [
        {
          productId: `bill:${text(request, "municipality") ?? "postpaid"}`,
          name: `Municipal account ${account}`,
          description: place,
          cents: source.amountCents,
        },
      ];
    }
    case "fines":
      return fineDrafts(request);
    case "vas": {
      const product = text(request, "productId", "productID") ?? source.reference;
      const name = text(request, "productName", "name", "description") ?? `Product ${product}`;
      return [
        {
          productId: `vas:${product}`,
          name,
          description: text(request, "recipient"),
          cents: source.amountCents,
        },
      ];
    }
  }
}

const FALLBACK_NAME: Record<SaleKind, string> = {
  electricity: "Prepaid electricity",
  bill: "Municipal account payment",
  fines: "Traffic fines",
  vas: "Airtime, data or voucher",
};

export function planOrder(source: OrderSource, vatPercent: number): PlannedOrder {
  const request = record(source.request);
  let found = drafts(source, request);
  if (found.length === 0 || found.reduce((sum, d) => sum + d.cents, 0) !== source.amountCents) {
    found = [
      {
        productId: `${source.kind}:${source.reference}`,
        name: `${FALLBACK_NAME[source.kind]} ${source.reference}`,
        cents: source.amountCents,
      },
    ];
  }
  const withVat = vatApplies(source.kind, request);
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
  const description =
    source.kind === "fines" && lines.length > 1
      ? `Traffic fines (${lines.length} notices), ${formatRand(source.amountCents)}`
      : `${lines[0]!.name}, ${formatRand(source.amountCents)}`;
  return { description, lines, vatCents };
}
