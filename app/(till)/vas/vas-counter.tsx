"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { keptForResend } from "@/components/sale/kassa-updated";
import { useTill } from "@/components/till/till-context";
import type { VasScreen } from "./purchase-panel";
import {
  filterByCategory,
  groupCatalogue,
  listOrder,
  searchCatalogue,
  type CatalogueItem,
  type CategoryFilter,
} from "@/lib/kinds/vas/catalogue";
import { ProductList } from "./product-list";
import { SaleForm, type Resumed } from "./sale-form";

interface Props {
  items: CatalogueItem[];
  category: CategoryFilter | null;
  /** The kinds' links above the search (server-rendered: CategoryNav). */
  nav: React.ReactNode;
}

/** The server caches the catalogue ten minutes; the till asks it again every five so new products show up. */
const CATALOGUE_EVERY_MS = 5 * 60_000;

async function fetchCatalogue(): Promise<CatalogueItem[]> {
  const response = await fetch("/api/vas/catalogue", { cache: "no-store" });
  if (!response.ok) throw new Error(`catalogue answered ${response.status}`);
  return ((await response.json()) as { items: CatalogueItem[] }).items;
}

/** Keyboard first: type to search, arrows to move, Enter to pick; the sale form then takes over. */
export function VasCounter({ items: initial, category, nav }: Props) {
  // A failed refresh keeps the last list (react-query keeps the data it has).
  const { data: items } = useQuery({
    queryKey: ["vas-catalogue"],
    queryFn: fetchCatalogue,
    initialData: initial,
    refetchInterval: CATALOGUE_EVERY_MS,
  });
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [picked, setPicked] = useState<CatalogueItem | null>(null);
  const [resumed, setResumed] = useState<Resumed | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const { cashierId } = useTill();

  // A sale pressed just before an upgrade's reload: back to its product and its quote, which
  // the purchase panel sends again under the same key (useSale), nothing typed twice.
  const firstItems = useRef(items);
  useEffect(() => {
    let live = true;
    void keptForResend<{ method: Resumed["method"] }, VasScreen>(cashierId, "vas").then((kept) => {
      const item = kept && firstItems.current.find((i) => i.id === kept.screen.itemId);
      if (!live || !item) return;
      setResumed({ itemId: item.id, quote: kept.screen.quote, method: kept.input.method });
      setPicked(item);
    });
    return () => {
      live = false;
    };
  }, [cashierId]);

  const groups = useMemo(
    () => groupCatalogue(searchCatalogue(filterByCategory(items, category), query)),
    [items, category, query],
  );
  const order = useMemo(() => listOrder(groups), [groups]);
  const current = order[Math.min(active, order.length - 1)];

  function onSearchKey(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) =>
        Math.max(0, Math.min(order.length - 1, Math.min(i, order.length - 1) + step)),
      );
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current) pick(current);
    }
  }

  // A product picked by the cashier starts afresh: the resumed quote is for its first form only.
  function pick(item: CatalogueItem | null) {
    setResumed(null);
    setPicked(item);
  }

  function backToSearch() {
    pick(null);
    requestAnimationFrame(() => searchRef.current?.focus());
  }

  return (
    // A narrow list beside a wide sale on a till's 1024 px, so the quote and Purchase fit in view;
    // on a phone the picked product's sale takes the screen (Escape goes back to the list).
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className={`${picked ? "hidden md:flex" : "flex"} min-w-0 flex-col gap-3`}>
        {nav}
        <label className="flex flex-col gap-1">
          <span className="font-medium">Search products</span>
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-controls="vas-products"
            aria-activedescendant={current ? `vas-product-${current.id}` : undefined}
            aria-autocomplete="list"
            autoFocus
            autoComplete="off"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            placeholder="Network, brand or product — arrows and Enter to pick"
            className="min-h-11 rounded border border-slate-400 px-3 py-2 text-lg"
          />
        </label>
        <ProductList
          groups={groups}
          activeId={current?.id ?? null}
          pickedId={picked?.id ?? null}
          onPick={pick}
          query={query}
        />
      </div>
      <div className="min-w-0">
        {picked ? (
          <SaleForm
            key={picked.id}
            item={picked}
            resumed={resumed?.itemId === picked.id ? resumed : null}
            onDone={backToSearch}
          />
        ) : (
          <p className="rounded-lg bg-white p-4 text-slate-600 shadow">Pick a product to sell.</p>
        )}
      </div>
    </div>
  );
}
