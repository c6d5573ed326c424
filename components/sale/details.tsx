/** One line of what a confirm told the cashier; a line without a value is left out. */
export type DetailRow = readonly [label: string, value: string | null | false | undefined];

/** What Confirm told the cashier (the meter's or the account's details), label beside value. */
export function Details({ label, rows }: { label: string; rows: readonly DetailRow[] }) {
  return (
    <section aria-label={label}>
      <dl className="flex flex-col gap-1">
        {rows.map(([name, value]) =>
          value === null || value === false || value === undefined ? null : (
            <div key={name} className="flex gap-2">
              <dt className="w-40 text-slate-600">{name}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ),
        )}
      </dl>
    </section>
  );
}
