import { formatRand, type Cents } from "@/lib/money";

/** A column heading: a plain label, or one whose figures stand right-aligned (counts, money). */
export type Column = string | { label: string; end: true };

/** The head row of an office or report table: one heading a column. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr className="border-b border-slate-400">
        {columns.map((c) =>
          typeof c === "string" ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className="text-right">
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A right-aligned figure, `end` in a TableHead. */
export const end = (label: string): Column => ({ label, end: true });

/** An amount in a table: right-aligned rand in figures of one width. */
export function MoneyCell({
  cents,
  label,
  testId,
}: {
  /** Null where there is no amount: a dash. */
  cents: Cents | null;
  /** The column's name, shown beside the amount where the table stacks into cards. */
  label?: string;
  testId?: string;
}) {
  return (
    <td data-label={label} data-testid={testId} className="text-right font-mono">
      {cents === null ? "—" : formatRand(cents)}
    </td>
  );
}

/** The one row of a table with nothing to list. */
export function EmptyRow({ span, children }: { span: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="py-2 text-slate-600">
        {children}
      </td>
    </tr>
  );
}
