import Link from "next/link";

export type ReportLayout = "page" | "roll";

/** `?layout=roll` prints the report on the till's roll; anything else is the page layout. */
export function reportLayoutOf(value: string | undefined): ReportLayout {
  return value === "roll" ? "roll" : "page";
}

/** Switch between the A4 page and the till's roll; keeps the rest of the address. */
export function LayoutSwitch({
  basePath,
  layout,
  extra = "",
}: {
  basePath: string;
  layout: ReportLayout;
  extra?: string;
}) {
  const other: ReportLayout = layout === "roll" ? "page" : "roll";
  const query = [other === "roll" ? "layout=roll" : "", extra].filter(Boolean).join("&");
  return (
    <Link
      href={query ? `${basePath}?${query}` : basePath}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
    >
      {other === "roll" ? "Receipt layout (till roll)" : "Page layout"}
    </Link>
  );
}
