import Link from "next/link";
import type { PrinterConnection } from "@/lib/printing/connection";
import { TillPrint } from "@/components/printing/till-print";
import { LayoutSwitch, type ReportLayout } from "./layout-switch";
import { PrintButton } from "./print-button";

/** A button-sized link of a report's foot. */
export function ReportLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 py-2"
    >
      {children}
    </Link>
  );
}

/**
 * The foot of an X or Z report at the till: print (the browser's dialog or the till's
 * printer), the page or roll layout, the report's own links, and back to the till. Kept in
 * view at the foot of the screen however long the report is.
 */
export function ReportActions({
  connection,
  shiftId,
  reprint,
  layoutPath,
  layout,
  layoutExtra,
  children,
}: {
  connection: PrinterConnection;
  /** The shift the till's printer prints: "current" for the X report. */
  shiftId: string;
  reprint: boolean;
  layoutPath: string;
  layout: ReportLayout;
  layoutExtra?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="no-print sticky bottom-0 flex flex-wrap gap-3 bg-slate-50 py-2">
      {connection === "browser" ? (
        <PrintButton />
      ) : (
        <TillPrint
          connection={connection}
          target={{ shiftId }}
          reprint={reprint}
          printNow={false}
          handCopy={null}
        />
      )}
      <LayoutSwitch basePath={layoutPath} layout={layout} extra={layoutExtra} />
      {children}
      <ReportLink href="/till">Back to the till</ReportLink>
    </div>
  );
}
