import Link from "next/link";
import type { ReactNode } from "react";
import type { Sale } from "@/lib/db/schema";
import { formatRand } from "@/lib/money";
import { CardTable, Cell } from "@/components/ui/table";
import { StatusBadge, KIND_NAMES } from "./status-badge";

/**
 * One table of sales (the cashier's of this shift, or earlier ones at this till): when, what,
 * the meter or account, the amount, optionally the method, the status, Reprint for a
 * completed sale and whatever else `actions` adds. Cards on a narrow till (`stack-cards`).
 */
export function SalesTable({
  label,
  sales,
  when,
  showMethod = false,
  soldBy,
  actions,
}: {
  label: string;
  sales: Sale[];
  when: { heading: string; format: (at: Date) => string };
  showMethod?: boolean;
  /** The cashier who sold each sale, when the table holds colleagues' sales too. */
  soldBy?: (sale: Sale) => string;
  actions?: (sale: Sale) => ReactNode;
}) {
  const headings = [when.heading, "Sale", "Meter / account", "Amount"];
  if (soldBy) headings.push("Sold by");
  if (showMethod) headings.push("Method");
  headings.push("Status");
  return (
    <CardTable label={label} headings={headings} actions="Actions">
      {sales.map((sale) => (
        <tr key={sale.id} data-sale={sale.id} className="border-b align-top">
          <Cell label={when.heading}>{when.format(sale.createdAt)}</Cell>
          <Cell label="Sale">{KIND_NAMES[sale.kind]}</Cell>
          <Cell label="Meter / account" className="font-mono break-all">
            {sale.reference}
          </Cell>
          <Cell label="Amount">{formatRand(sale.amountCents)}</Cell>
          {soldBy && (
            <Cell label="Sold by" testId="sold-by">
              {soldBy(sale)}
            </Cell>
          )}
          {showMethod && <Cell label="Method">{sale.method === "card" ? "Card" : "Cash"}</Cell>}
          <Cell label="Status">
            <StatusBadge
              status={sale.status}
              message={sale.error?.message ?? null}
              paidNotDelivered={
                sale.status === "unknown" &&
                !sale.resolvedAt &&
                sale.error?.kind === "card_paid_not_delivered"
              }
            />
          </Cell>
          <Cell>
            {sale.status === "completed" && (
              // Reprint prints on the till's printer at once, as F9 does (/slips/last).
              <Link
                href={`/slips/${sale.id}?reprint=1&print=1`}
                prefetch={false}
                className="inline-flex min-h-11 items-center underline"
              >
                Reprint
              </Link>
            )}
            {actions?.(sale)}
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
