import type { Metadata } from "next";
import { connection } from "next/server";
import { currentStaff } from "@/lib/auth/staff";
import { HOME_OF } from "@/lib/auth/session-rules";
import { PlainHeader } from "@/components/shell/plain-header";
import { UpstreamBadge } from "@/components/shell/upstream-badge";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Kassa's own "not found": the header (which core service, which till, who) and a way back to
 * where this user works, so a till running full screen (Chromium --kiosk) is never stuck on a
 * bare 404. Rendered per request (connection()), so its scripts carry the request's CSP nonce
 * instead of being blocked. No client component: the root's not-found is part of every
 * page's JavaScript, and the till's budget has no room for the staff bar's.
 */
export default async function NotFound() {
  await connection();
  const staff = await currentStaff().catch(() => null);
  const home = staff ? HOME_OF[staff.role] : "/login";
  return (
    <>
      <PlainHeader>
        <UpstreamBadge />
        {/* A kiosk's customer sees no staff details. */}
        {staff && staff.role !== "kiosk" && (
          <>
            <span className="text-slate-700" data-testid="till-name">
              {staff.till.name}
            </span>
            <span className="ml-auto text-slate-700">{staff.name}</span>
          </>
        )}
      </PlainHeader>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 p-6">
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p>There is no page at this address, or it is not yours to see.</p>
        <p>
          {/* A whole page load on purpose: whatever led here is left behind. */}
          <a
            href={home}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand px-5 py-2 text-lg font-semibold text-white"
          >
            {staff ? (staff.role === "kiosk" ? "Back to the start" : "Back to Kassa") : "Sign in"}
          </a>
        </p>
      </main>
    </>
  );
}
