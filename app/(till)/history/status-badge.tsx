import type { SaleStatus } from "@/lib/db/schema";
import { NOT_CONFIRMED } from "@/lib/sales/sale-view";

export { KIND_LABELS as KIND_NAMES } from "@/lib/sales/kinds/meta";

const LOOK: Record<SaleStatus, { text: string; className: string }> = {
  completed: { text: "Completed", className: "bg-green-100 text-green-900" },
  failed: { text: "Failed", className: "bg-slate-200 text-slate-800" },
  pending: { text: "In progress", className: "bg-blue-100 text-blue-900" },
  unknown: { text: NOT_CONFIRMED, className: "bg-amber-100 text-amber-900 font-semibold" },
};

/** A sale's status in words, with the reason when it failed or is not confirmed. */
export function StatusBadge({ status, message }: { status: SaleStatus; message: string | null }) {
  const look = LOOK[status];
  return (
    <div className="flex flex-col gap-1">
      <span className={`rounded px-2 py-0.5 ${look.className}`}>{look.text}</span>
      {message && status !== "completed" && (
        <span className="text-sm text-slate-700">{message}</span>
      )}
    </div>
  );
}
