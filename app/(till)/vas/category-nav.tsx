import Link from "next/link";
import { CATEGORY_FILTERS, type CategoryFilter } from "@/lib/kinds/vas/catalogue";

/** All, Airtime & data, Vouchers & lotto: the links the till's tiles open, current one marked. */
export function CategoryNav({ category }: { category: CategoryFilter | null }) {
  return (
    <nav aria-label="Product kinds" className="flex flex-wrap gap-2">
      <FilterLink href="/vas" label="All" current={category === null} />
      {(Object.keys(CATEGORY_FILTERS) as CategoryFilter[]).map((key) => (
        <FilterLink
          key={key}
          href={`/vas?category=${key}`}
          label={CATEGORY_FILTERS[key].label}
          current={category === key}
        />
      ))}
    </nav>
  );
}

function FilterLink({ href, label, current }: { href: string; label: string; current: boolean }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`flex min-h-11 items-center rounded-full px-3 ${current ? "bg-brand text-white" : "bg-slate-200 text-slate-800"}`}
    >
      {label}
    </Link>
  );
}
