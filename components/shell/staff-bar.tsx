import Link from "next/link";
import type { Staff } from "@/lib/auth/staff";
import type { BreakerState } from "@/lib/ops/breaker-state";
import { HOME_OF } from "@/lib/auth/session-rules";
import { UpstreamBadge } from "./upstream-badge";
import { UpstreamHealth } from "./upstream-health";
import { SignOutButton } from "./sign-out-button";

/** The bar on every staff page: upstream environment and health, till, user, own password, sign-out. */
export function StaffBar({
  staff,
  breaker,
  live = false,
  children,
}: {
  staff: Staff;
  /** The core service's breaker as the layout read it (lib/upstream's breakerState). */
  breaker: BreakerState;
  /** Inside the till's react-query provider: the core service's badge follows /api/health. */
  live?: boolean;
  children?: React.ReactNode;
}) {
  return (
    // One line on a till's 1024 px: every line the bar takes is a line less for the sale.
    <header className="no-print flex flex-wrap items-center gap-2 border-b border-slate-300 bg-white px-4 py-1">
      <Link
        href={HOME_OF[staff.role]}
        className="inline-flex min-h-11 items-center text-xl font-bold text-brand"
      >
        Kassa
      </Link>
      <UpstreamBadge />
      <UpstreamHealth state={breaker} live={live} />
      <span className="text-slate-700" data-testid="till-name">
        {staff.till.name}
      </span>
      {children}
      <span className="ml-auto text-slate-700" data-testid="user-name">
        {staff.name} <span className="hidden text-slate-500 xl:inline">({staff.role})</span>
      </span>
      {staff.role !== "kiosk" && (
        <Link href="/password" className="inline-flex min-h-11 items-center underline">
          Password
        </Link>
      )}
      <SignOutButton />
    </header>
  );
}
