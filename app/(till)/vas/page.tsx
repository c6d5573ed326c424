import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { currentShift } from "@/lib/shifts/current";
import { NoShiftNotice } from "@/components/shell/no-shift-notice";
import { isUpstreamError } from "@/lib/upstream";
import { categoryFilterOf, toCatalogueItem } from "@/lib/kinds/vas/catalogue";
import { loadCatalogue, type Catalogue } from "@/lib/kinds/vas/catalogue-cache";
import { RefreshCatalogueButton } from "./refresh-button";
import { CategoryNav } from "./category-nav";
import { VasCounter } from "./vas-counter";
import { saTime } from "@/lib/sa-time";

export const metadata: Metadata = { title: "Airtime, data, lotto and vouchers" };

export default async function VasPage({
  searchParams,
}: {
  searchParams: Promise<{ category?: string | string[] }>;
}) {
  const staff = await requirePageRole("cashier");
  const shift = await currentShift(staff);
  if (!shift) return <NoShiftNotice />;
  const category = categoryFilterOf((await searchParams).category);
  let catalogue: Catalogue | null = null;
  let loadError: string | null = null;
  try {
    catalogue = await loadCatalogue();
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    loadError = error.cashierMessage;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Airtime, data, lotto and vouchers</h1>
        <span className="ml-auto text-sm text-slate-600">
          {catalogue && `Catalogue of ${saTime(catalogue.fetchedAt)}`}
          {catalogue?.stale && " (could not refresh: showing the last list)"}
        </span>
        <RefreshCatalogueButton />
      </div>
      {catalogue ? (
        <VasCounter
          items={catalogue.products.map(toCatalogueItem)}
          category={category}
          nav={<CategoryNav category={category} />}
        />
      ) : (
        <p role="alert" className="rounded bg-red-100 p-3 text-danger">
          The catalogue could not be loaded: {loadError} Press Refresh to try again.
        </p>
      )}
    </div>
  );
}
