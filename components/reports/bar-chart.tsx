import { formatRand } from "@/lib/money";
import type { Bar } from "@/lib/reports/glance";

/** "R 1 234" for a bar's label: whole rands, so that 24 hourly values fit above their bars. */
function wholeRand(cents: number): string {
  return formatRand(Math.round(cents / 100) * 100).replace(/,00$/, "");
}

/** CSS bars with their values written on them: no chart library, readable by a screen reader as a list of figures. */
export function BarChart({
  title,
  bars,
  vertical = false,
}: {
  title: string;
  bars: Bar[];
  vertical?: boolean;
}) {
  const max = Math.max(1, ...bars.map((b) => b.totalCents));
  if (vertical) {
    return (
      <figure className="rounded-xl bg-white p-4 shadow">
        <figcaption className="mb-2 font-semibold">{title}</figcaption>
        <ul className="flex h-48 items-end gap-1" aria-label={title}>
          {bars.map((b) => (
            <li
              key={b.label}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
              aria-label={`${b.label}:00 ${b.count} sales ${formatRand(b.totalCents)}`}
            >
              {b.totalCents > 0 && (
                <span
                  className="mb-1 text-[10px] whitespace-nowrap text-slate-700 [writing-mode:vertical-rl] rotate-180"
                  data-testid={`hour-value-${b.label}`}
                >
                  {wholeRand(b.totalCents)}
                </span>
              )}
              <span
                className="w-full rounded-t bg-brand"
                style={{ height: `${(b.totalCents / max) * 70}%` }}
                title={`${b.label}:00 — ${b.count} sales, ${formatRand(b.totalCents)}`}
              />
              <span className="text-[10px] text-slate-600">{b.label}</span>
            </li>
          ))}
        </ul>
      </figure>
    );
  }
  return (
    <figure className="rounded-xl bg-white p-4 shadow">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      {bars.length === 0 && <p className="text-slate-600">No sales yet.</p>}
      <ul className="flex flex-col gap-2" aria-label={title}>
        {bars.map((b) => (
          <li
            key={b.key ?? b.label}
            className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2"
          >
            <span className="truncate">{b.label}</span>
            <span className="h-5 rounded bg-slate-100">
              <span
                className="block h-5 rounded bg-brand"
                style={{ width: `${(b.totalCents / max) * 100}%` }}
              />
            </span>
            <span
              className="text-right font-mono whitespace-nowrap"
              data-testid={`kind-${b.key ?? b.label}`}
            >
              {formatRand(b.totalCents)} ({b.count})
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
