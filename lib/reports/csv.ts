/** RFC 4180 CSV: quote a field when it holds a comma, quote or line break; lines end in CRLF. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  // A spreadsheet would run a leading = + - @ (or TAB / CR, which it strips first) as a
  // formula, also after leading spaces: neutralise it. Plain numbers (a negative amount) stay.
  if (/^[ ]*[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Rands with two decimals and a dot, as a spreadsheet reads them. */
export function csvRands(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
