import { formatRand, type Cents } from "@/lib/money";

/**
 * An office or report table in the one shared style (`data-table` in app/globals.css): room
 * between the columns and ids on one line. `stack` turns its rows into cards on a phone
 * (cells then carry `data-label`).
 */
export function DataTable({
  label,
  stack = false,
  className = "",
  children,
}: {
  label?: string;
  stack?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const classes = ["data-table", stack ? "stack-cards" : "", className].filter(Boolean).join(" ");
  // A table wider than the screen (long names, big sums) scrolls in its own box, never the page.
  return (
    <div className="max-w-full overflow-x-auto">
      <table aria-label={label} className={classes}>
        {children}
      </table>
    </div>
  );
}

/** A UUID, or a code of letters and digits of 6 and more: what a person matches by eye. */
const ID =
  /\b(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9-]{5,})\b/gi;

/** Text with the ids in it kept whole: a sale or order id never breaks across lines. */
export function WholeIds({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(ID)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <span key={m.index} className="id">
        {m[0]}
      </span>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

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

/**
 * A till's table (the shift's sales, a meter's sales and cases): white on the page, one heading
 * a column, and rows that become cards on a narrow till (`stack-cards`: each Cell names its
 * column). `actions` names a last column of buttons that shows no heading.
 */
export function CardTable({
  label,
  headings,
  actions,
  children,
}: {
  label: string;
  headings: readonly string[];
  actions?: string;
  children: React.ReactNode;
}) {
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
          {actions && (
            <th scope="col" className="p-2">
              <span className="sr-only">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A cell of a CardTable: `label` is its column's name, shown beside it where rows are cards. */
export function Cell({
  label,
  className = "",
  testId,
  children,
}: {
  label?: string;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <td data-label={label} data-testid={testId} className={`p-2 ${className}`.trim()}>
      {children}
    </td>
  );
}
