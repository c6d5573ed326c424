/** RFC 4180 CSV: quote a field when it holds a comma, quote or line break; lines end in CRLF. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A spreadsheet would run a leading = + - @ (or TAB / CR, which it strips first) as a
  // formula, also after leading spaces: neutralise it. Plain numbers (a negative amount) stay.
  if (/^[ ]*[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type CsvRow = (string | number | null | undefined)[];

/** Rows as RFC 4180 lines, each ended by CRLF (none for no rows): a file without a header. */
export function csvLines(rows: CsvRow[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

export function toCsv(header: string[], rows: CsvRow[]): string {
  return csvLines([header, ...rows]);
}

/** Rands with two decimals and a dot, as a spreadsheet reads them. */
export function csvRands(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
