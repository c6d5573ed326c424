import Link from "next/link";
import type { ReactNode } from "react";
import type { Sale } from "@/lib/db/schema";
import { formatRand } from "@/lib/money";
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
    <table
      className="stack-cards w-full border-collapse bg-white text-left shadow"
      aria-label={label}
    >
      <thead>
        <tr className="border-b">
          {headings.map((h) => (
            <th key={h} scope="col" className="p-2">
              {h}
            </th>
          ))}
          <th scope="col" className="p-2">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {sales.map((sale) => (
          <tr key={sale.id} data-sale={sale.id} className="border-b align-top">
            <td data-label={when.heading} className="p-2">
              {when.format(sale.createdAt)}
            </td>
            <td data-label="Sale" className="p-2">
              {KIND_NAMES[sale.kind]}
            </td>
            <td data-label="Meter / account" className="p-2 font-mono break-all">
              {sale.reference}
            </td>
            <td data-label="Amount" className="p-2">
              {formatRand(sale.amountCents)}
            </td>
            {soldBy && (
              <td data-label="Sold by" className="p-2" data-testid="sold-by">
                {soldBy(sale)}
              </td>
            )}
            {showMethod && (
              <td data-label="Method" className="p-2">
                {sale.method === "card" ? "Card" : "Cash"}
              </td>
            )}
            <td data-label="Status" className="p-2">
              <StatusBadge
                status={sale.status}
                message={sale.error?.message ?? null}
                paidNotDelivered={
                  sale.status === "unknown" &&
                  !sale.resolvedAt &&
                  sale.error?.kind === "card_paid_not_delivered"
                }
              />
            </td>
            <td className="p-2">
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
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
