"use client";

import { useEffect } from "react";
import { priceLabel, type CatalogueGroup, type CatalogueItem } from "@/lib/kinds/vas/catalogue";

interface Props {
  groups: CatalogueGroup[];
  activeId: string | null;
  pickedId: string | null;
  onPick(item: CatalogueItem): void;
  query: string;
}

/** The catalogue as a listbox: kinds, then networks or brands; the search field drives it. */
export function ProductList({ groups, activeId, pickedId, onPick, query }: Props) {
  useEffect(() => {
    if (activeId)
      document.getElementById(`vas-product-${activeId}`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  if (groups.length === 0) {
    return (
      <p id="vas-products" role="status" className="rounded bg-white p-3 text-slate-700">
        {query ? `No product matches “${query}”.` : "The catalogue has no products here."}
      </p>
    );
  }
  return (
    <div
      id="vas-products"
      role="listbox"
      aria-label="Products"
      className="max-h-[60vh] overflow-y-auto rounded-lg bg-white p-2 shadow"
    >
      {groups.map((group) => (
        <div key={group.kind} role="group" aria-label={group.label} className="mb-2">
          <div className="px-2 pt-1 text-sm font-bold uppercase tracking-wide text-slate-500">
            {group.label}
          </div>
          {group.brands.map(({ brand, items }) => (
            <div key={brand} role="group" aria-label={`${group.label}: ${brand}`}>
              <div className="px-2 pt-1 font-semibold text-slate-700">{brand}</div>
              {items.map((item) => (
                <div
                  key={item.id}
                  id={`vas-product-${item.id}`}
                  role="option"
                  aria-selected={item.id === activeId}
                  onClick={() => onPick(item)}
                  className={`flex cursor-pointer justify-between gap-3 rounded px-3 py-1.5 ${item.id === activeId ? "bg-brand text-white" : "hover:bg-slate-100"} ${
                    item.id === pickedId ? "ring-2 ring-brand-dark" : ""
                  }`}
                >
                  <span>{item.name}</span>
                  <span className="whitespace-nowrap tabular-nums">{priceLabel(item)}</span>
                </div>
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
