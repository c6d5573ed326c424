import type { SaleStatus } from "@/lib/db/schema";
import { NOT_CONFIRMED, PAID_NOT_DELIVERED } from "@/lib/sales/sale-view";

export { KIND_LABELS as KIND_NAMES } from "@/lib/kinds/meta";

const LOOK: Record<SaleStatus, { text: string; className: string }> = {
  completed: { text: "Completed", className: "bg-green-100 text-green-900" },
  failed: { text: "Failed", className: "bg-slate-200 text-slate-800" },
  pending: { text: "In progress", className: "bg-blue-100 text-blue-900" },
  unknown: { text: NOT_CONFIRMED, className: "bg-amber-100 text-amber-900 font-semibold" },
};

/**
 * A sale's status in words, with the reason when it failed or is not confirmed. A card sale
 * paid after the till stopped waiting is in that state here as on the till's notices, not
 * also "not confirmed".
 */
export function StatusBadge({
  status,
  message,
  paidNotDelivered = false,
}: {
  status: SaleStatus;
  message: string | null;
  paidNotDelivered?: boolean;
}) {
  const look = paidNotDelivered
    ? { text: PAID_NOT_DELIVERED, className: "bg-red-100 text-red-900 font-semibold" }
    : LOOK[status];
  return (
    <div className="flex flex-col gap-1">
      <span className={`rounded px-2 py-0.5 ${look.className}`}>{look.text}</span>
      {message && status !== "completed" && (
        <span className="text-sm text-slate-700">{message}</span>
      )}
    </div>
  );
}
