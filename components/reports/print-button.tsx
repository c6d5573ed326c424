"use client";

/** Prints the report page; the browser's print dialog picks the printer. */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="no-print min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
    >
      {label}
    </button>
  );
}
