import "server-only";
import { actorOf } from "@/lib/auth/actor";
import type { Staff } from "@/lib/auth/staff";
import { env } from "@/lib/env";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { listProducts, type VasProduct } from "@/lib/kinds/vas/upstream";

/** The catalogue changes rarely; ten minutes keeps the till fast and prices fresh enough (a quote confirms them). */
export const CATALOGUE_TTL_MS = 10 * 60_000;

export interface Catalogue {
  products: VasProduct[];
  fetchedAt: Date;
  /** True when a refresh failed and the last good list is shown instead. */
  stale: boolean;
}

interface Cache {
  entry?: { products: VasProduct[]; fetchedAt: number };
  inflight?: Promise<{ products: VasProduct[]; fetchedAt: number }>;
}

// On globalThis: `next start` loads server modules more than once, and one cache per process is the point.
const holder = globalThis as typeof globalThis & { __kassaVasCatalogue?: Cache };
const cache: Cache = (holder.__kassaVasCatalogue ??= {});

function fetchOnce(): Promise<{ products: VasProduct[]; fetchedAt: number }> {
  // Many tills opening /vas together share one upstream call.
  cache.inflight ??= listProducts()
    .then((products) => {
      cache.entry = { products, fetchedAt: Date.now() };
      return cache.entry;
    })
    .finally(() => {
      cache.inflight = undefined;
    });
  return cache.inflight;
}

/**
 * The catalogue from the cache, fetched when missing, older than the TTL, or `refresh`ed and
 * older than KASSA_VAS_REFRESH_SECONDS.
 * A failed fetch is never cached: with an older list it answers that list marked stale,
 * without one it throws the UpstreamError.
 */
export async function loadCatalogue(options: { refresh?: boolean } = {}): Promise<Catalogue> {
  const entry = cache.entry;
  // "Refresh" goes past the cache only for a list older than KASSA_VAS_REFRESH_SECONDS (a
  // minute): however often it is pressed, by one till or many, the core service is asked once.
  const maxAge = options.refresh ? env().vasRefreshMinAgeMs : CATALOGUE_TTL_MS;
  if (entry && Date.now() - entry.fetchedAt < maxAge) {
    return { products: entry.products, fetchedAt: new Date(entry.fetchedAt), stale: false };
  }
  try {
    const fresh = await fetchOnce();
    return { products: fresh.products, fetchedAt: new Date(fresh.fetchedAt), stale: false };
  } catch (error) {
    if (!entry) throw error;
    return { products: entry.products, fetchedAt: new Date(entry.fetchedAt), stale: true };
  }
}

/** A cashier's "Refresh": under their limit, and past the cache only as KASSA_VAS_REFRESH_SECONDS allows. */
export async function refreshCatalogue(staff: Staff): Promise<Catalogue> {
  await limitOrRefuse("catalogueRefresh", staff.userId, actorOf(staff), "vas_catalogue");
  return loadCatalogue({ refresh: true });
}

/** The product as the catalogue gave it (reference untouched), or undefined when it is no longer listed. */
export async function findProduct(productId: string): Promise<VasProduct | undefined> {
  const { products } = await loadCatalogue();
  return products.find((p) => p.id === productId);
}

/** For tests: forget the cached list. */
export function clearCatalogueCache(): void {
  cache.entry = undefined;
}
