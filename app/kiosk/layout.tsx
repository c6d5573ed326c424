import { requirePageRole } from "@/lib/auth/staff";
import { UpstreamBadge } from "@/components/shell/upstream-badge";
import { QueryProvider } from "@/components/shell/query-provider";

/**
 * The kiosk is a customer-facing screen: no staff bar, large type, touch first. The
 * upstream badge stays in a corner so that nobody pays at a kiosk left on SANDBOX or TEST.
 */
export default async function KioskLayout({ children }: { children: React.ReactNode }) {
  await requirePageRole("kiosk");
  return (
    <QueryProvider>
      <main className="relative min-h-screen bg-slate-900 p-6 text-2xl text-white">
        <div className="absolute right-3 top-3 text-base">
          <UpstreamBadge />
        </div>
        {children}
      </main>
    </QueryProvider>
  );
}
