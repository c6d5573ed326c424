/**
 * Kassa's name at the top of a page without the staff bar (not found, errors, a kiosk's
 * customer), with whatever the page adds beside it (the upstream badge, the till, the user).
 * Plain markup only: the root's not-found and error pages are part of every page's JavaScript.
 */
export function PlainHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="no-print flex flex-wrap items-center gap-2 border-b border-slate-300 bg-white px-4 py-1">
      <span className="inline-flex min-h-11 items-center text-xl font-bold text-brand">Kassa</span>
      {children}
    </header>
  );
}
