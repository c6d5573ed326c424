import { currentStaff, isKioskBrowser, requirePageRole } from "@/lib/auth/staff";
import { UpstreamBadge } from "@/components/shell/upstream-badge";
import { QueryProvider } from "@/components/shell/query-provider";
import { OfflineWorker } from "@/components/shell/offline-worker";
import { KioskClosed } from "./kiosk-closed";

/**
 * The kiosk is a customer-facing screen: no staff bar, large type, touch first, from a
 * phone's 390 px to a kiosk's full screen. The upstream badge stays at the top so that nobody
 * pays at a kiosk left on SANDBOX or TEST. A kiosk browser whose session a supervisor closed
 * says so to customers (never the staff sign-in); any other visitor is checked by role.
 */
export default async function KioskLayout({ children }: { children: React.ReactNode }) {
  const staff = await currentStaff();
  const closed = !staff && (await isKioskBrowser());
  if (!closed) await requirePageRole("kiosk");
  return (
    <QueryProvider>
      <OfflineWorker />
      {/* One screen high: a page taller than the screen scrolls inside it, and the fines list
          scrolls above its pay bar, which therefore never covers a fine. */}
      <main className="flex h-dvh flex-col gap-2 bg-slate-900 p-3 text-2xl text-white sm:p-6 print:h-auto">
        <div className="flex justify-end text-base print:hidden">
          <UpstreamBadge />
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto print:overflow-visible">
          {closed ? <KioskClosed /> : children}
        </div>
      </main>
    </QueryProvider>
  );
}
