import { formatRand } from "@/lib/money";
import type { Group } from "@/lib/reports/summary";
import { EmptyRow, MoneyCell, TableHead, end } from "@/components/ui/table";

/** A report's figures per kind, till, cashier …: what a screen reader reads, and what prints. */
export function GroupTable({
  title,
  groups,
  commission = true,
  caption,
}: {
  title: string;
  groups: readonly Group[];
  commission?: boolean;
  caption?: string;
}) {
  const total = groups.reduce((sum, g) => sum + g.totalCents, 0);
  const earned = groups.reduce((sum, g) => sum + g.commissionCents, 0);
  const count = groups.reduce((sum, g) => sum + g.count, 0);
  return (
    <table className="w-full text-left" aria-label={title}>
      {caption && <caption className="text-left font-semibold">{caption}</caption>}
      <TableHead
        columns={[title, end("Sales"), end("Amount"), ...(commission ? [end("Commission")] : [])]}
      />
      <tbody>
        {groups.length === 0 && <EmptyRow span={commission ? 4 : 3}>No sales.</EmptyRow>}
        {groups.map((g) => (
          <tr key={g.key} className="border-b border-slate-200">
            <th scope="row" className="font-normal">
              {g.label}
            </th>
            <td className="text-right">{g.count}</td>
            <MoneyCell cents={g.totalCents} />
            {commission && <MoneyCell cents={g.commissionCents} testId={`commission-${g.key}`} />}
          </tr>
        ))}
      </tbody>
      {groups.length > 1 && (
        <tfoot>
          <tr className="font-semibold">
            <th scope="row">Total</th>
            <td className="text-right">{count}</td>
            <td className="text-right font-mono">{formatRand(total)}</td>
            {commission && <td className="text-right font-mono">{formatRand(earned)}</td>}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
