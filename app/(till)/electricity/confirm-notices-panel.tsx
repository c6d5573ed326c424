import { confirmNotices, type MeterHints } from "@/lib/kinds/electricity/confirm-notices";

/** Arrears, fixed charges and free basic electricity, said before Purchase (nothing when none apply). */
export function ConfirmNoticesPanel({ hints }: { hints: MeterHints }) {
  const notices = confirmNotices(hints);
  if (notices.length === 0) return null;
  return (
    <ul
      aria-label="Before you sell"
      className="flex flex-col gap-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950"
    >
      {notices.map((n) => (
        <li key={n.kind} data-notice={n.kind}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}
