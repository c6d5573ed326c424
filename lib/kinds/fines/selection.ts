import type { Cents } from "@/lib/money";
import type { FineRow } from "@/lib/kinds/fines/view";
import { canPayHere } from "@/lib/kinds/fines/payability";

export interface SelectionTotals {
  count: number;
  netCents: Cents;
  vendorFeeCents: Cents;
  grossCents: Cents;
}

/** Only unpaid fines payable here can be chosen; any other in the set (a stale screen) is ignored. */
export function selectedFines(fines: readonly FineRow[], selected: ReadonlySet<string>): FineRow[] {
  return fines.filter((f) => canPayHere(f) && selected.has(f.noticeNumber));
}

/** The totals the customer pays for the chosen fines, in cents. */
export function selectionTotals(
  fines: readonly FineRow[],
  selected: ReadonlySet<string>,
): SelectionTotals {
  return selectedFines(fines, selected).reduce<SelectionTotals>(
    (t, f) => ({
      count: t.count + 1,
      netCents: t.netCents + f.netCents,
      vendorFeeCents: t.vendorFeeCents + f.vendorFeeCents,
      grossCents: t.grossCents + f.grossCents,
    }),
    { count: 0, netCents: 0, vendorFeeCents: 0, grossCents: 0 },
  );
}

/** The notices "select all" chooses: unpaid and payable here. */
export function unpaidNotices(fines: readonly FineRow[]): string[] {
  return fines.filter(canPayHere).map((f) => f.noticeNumber);
}

/** The journal's searchable reference for a fines sale: its notice numbers. */
export function finesReference(noticeNumbers: readonly string[]): string {
  return [...noticeNumbers].sort().join(" ");
}
