import { formatRand } from "@/lib/money";
import { TableHead, end } from "@/components/ui/table";
import { UplotChart } from "./uplot-chart";

export interface ChartRow {
  label: string;
  cents: number;
  beforeCents?: number;
}

/** A chart for the eye and, under it, the same figures as a table for a screen reader and print. */
export function ChartWithTable({
  title,
  rows,
  beforeLabel,
  kind = "bars",
  itemLabel,
}: {
  title: string;
  /** The heading of the table's first column: "Day", "Hour", "Kind". */
  itemLabel: string;
  rows: ChartRow[];
  /** When set, a second series: the same place in the period before. */
  beforeLabel?: string;
  kind?: "bars" | "line";
}) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <figure aria-labelledby={id} className="break-inside-avoid rounded-xl bg-white p-4 shadow">
      <figcaption id={id} className="mb-2 font-semibold">
        {title}
      </figcaption>
      <UplotChart
        title={title}
        kind={kind}
        labels={rows.map((r) => r.label)}
        series={[
          { label: "This period", values: rows.map((r) => r.cents / 100), colour: "#0f766e" },
          ...(beforeLabel
            ? [
                {
                  label: beforeLabel,
                  values: rows.map((r) => (r.beforeCents ?? 0) / 100),
                  colour: "#94a3b8",
                },
              ]
            : []),
        ]}
      />
      <details className="mt-2" open>
        <summary className="no-print cursor-pointer text-slate-700">Figures</summary>
        <table className="w-full text-left" aria-label={`${title}: figures`}>
          <TableHead
            columns={[itemLabel, end("This period"), ...(beforeLabel ? [end(beforeLabel)] : [])]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-b border-slate-200">
                <th scope="row" className="font-normal">
                  {r.label}
                </th>
                <td className="text-right font-mono">{formatRand(r.cents)}</td>
                {beforeLabel && (
                  <td className="text-right font-mono">{formatRand(r.beforeCents ?? 0)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
