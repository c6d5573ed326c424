/**
 * The VAS catalogue as the till shows it: small serialisable items, grouped by kind and
 * network or brand, searchable. Pure (no I/O) so the browser and the tests use it as is.
 */
import { formatRand, type Cents } from "@/lib/money";
import { normaliseMobileNumber } from "@/lib/kinds/vas/mobile";
import type { MobileNumberNeed, VasCategory, VasProduct } from "@/lib/kinds/vas/upstream";

export type VasKind = VasCategory;

export const KIND_ORDER: readonly VasKind[] = ["airtime", "data", "lotto", "voucher"];

export const VAS_KIND_LABELS: Record<VasKind, string> = {
  airtime: "Airtime",
  data: "Data",
  lotto: "Lotto",
  voucher: "Vouchers",
};

/** What the browser gets of a product: never its upstream reference, which stays on the server. */
export interface CatalogueItem {
  id: string;
  name: string;
  kind: VasKind;
  brand: string;
  description: string | null;
  fixedAmount: boolean;
  priceCents: Cents | null;
  minCents: Cents | null;
  maxCents: Cents | null;
  mobileNumber: MobileNumberNeed;
}

export function toCatalogueItem(p: VasProduct): CatalogueItem {
  return {
    id: p.id,
    name: p.name,
    kind: p.category,
    brand: p.provider?.trim() || "Other",
    description: p.description,
    fixedAmount: p.fixedAmount,
    priceCents: p.fixedAmount ? p.amountCents : null,
    minCents: p.fixedAmount ? null : p.minCents,
    maxCents: p.fixedAmount ? null : p.maxCents,
    mobileNumber: p.mobileNumber,
  };
}

/** The till's two tiles open /vas?category=airtime and /vas?category=voucher: each shows its pair of kinds. */
export const CATEGORY_FILTERS = {
  airtime: { label: "Airtime & data", kinds: ["airtime", "data"] },
  voucher: { label: "Vouchers & lotto", kinds: ["voucher", "lotto"] },
} as const satisfies Record<string, { label: string; kinds: readonly VasKind[] }>;

export type CategoryFilter = keyof typeof CATEGORY_FILTERS;

export function categoryFilterOf(value: string | string[] | undefined): CategoryFilter | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === "airtime" || v === "data") return "airtime";
  if (v === "voucher" || v === "vouchers" || v === "lotto") return "voucher";
  return null;
}

export function filterByCategory(
  items: readonly CatalogueItem[],
  filter: CategoryFilter | null,
): CatalogueItem[] {
  if (!filter) return [...items];
  const kinds: readonly VasKind[] = CATEGORY_FILTERS[filter].kinds;
  return items.filter((i) => kinds.includes(i.kind));
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/** Every word typed must appear in the product's name, brand, kind, description or id ("mtn 2gb", "google"). */
export function searchCatalogue(items: readonly CatalogueItem[], query: string): CatalogueItem[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = [
      item.name,
      item.brand,
      item.kind,
      VAS_KIND_LABELS[item.kind],
      item.description ?? "",
      item.id,
    ]
      .join(" ")
      .toLowerCase();
    const compact = haystack.replace(/[^\p{L}\p{N}]+/gu, "");
    return wanted.every((w) => haystack.includes(w) || compact.includes(w));
  });
}

export interface CatalogueGroup {
  kind: VasKind;
  label: string;
  brands: { brand: string; items: CatalogueItem[] }[];
}

/** Fixed prices first, cheapest first; open-value products after them. */
function byPrice(a: CatalogueItem, b: CatalogueItem): number {
  const pa = a.priceCents ?? Number.MAX_SAFE_INTEGER;
  const pb = b.priceCents ?? Number.MAX_SAFE_INTEGER;
  return pa - pb || a.name.localeCompare(b.name);
}

/** Kinds in the till's order (airtime, data, lotto, vouchers), brands A–Z inside each, empty groups left out. */
export function groupCatalogue(items: readonly CatalogueItem[]): CatalogueGroup[] {
  return KIND_ORDER.flatMap((kind) => {
    const ofKind = items.filter((i) => i.kind === kind);
    if (ofKind.length === 0) return [];
    const brands = [...new Set(ofKind.map((i) => i.brand))].sort((a, b) => a.localeCompare(b));
    return [
      {
        kind,
        label: VAS_KIND_LABELS[kind],
        brands: brands.map((brand) => ({
          brand,
          items: ofKind.filter((i) => i.brand === brand).sort(byPrice),
        })),
      },
    ];
  });
}

/** The order in which arrow keys walk the list: the grouped order, flattened. */
export function listOrder(groups: readonly CatalogueGroup[]): CatalogueItem[] {
  return groups.flatMap((g) => g.brands.flatMap((b) => b.items));
}

/** "R 10,00" for a fixed product, "R 5,00 – R 1 000,00" for an open-value one. */
export function priceLabel(
  item: Pick<CatalogueItem, "fixedAmount" | "priceCents" | "minCents" | "maxCents">,
): string {
  if (item.fixedAmount && item.priceCents !== null) return formatRand(item.priceCents);
  if (item.minCents !== null && item.maxCents !== null)
    return `${formatRand(item.minCents)} – ${formatRand(item.maxCents)}`;
  if (item.minCents !== null) return `from ${formatRand(item.minCents)}`;
  return "any amount";
}

/** The number typed for a product, as Kassa sends it: null when none is needed or none was given; "bad" when it cannot be one. */
export function recipientOf(
  item: Pick<CatalogueItem, "mobileNumber">,
  typed: string | undefined,
): string | null | "bad" {
  const text = (typed ?? "").trim();
  if (item.mobileNumber === "none" || (item.mobileNumber === "optional" && text === ""))
    return null;
  return normaliseMobileNumber(text) ?? "bad";
}
