import "server-only";
import { breakerState } from "@/lib/upstream";
import { LiveUpstreamHealth } from "./live-upstream-health";
import { UpstreamHealthBadge } from "./upstream-health-badge";

/**
 * The breaker's state as the page was made; `live` (inside the till's react-query provider)
 * keeps following it while the page stays open.
 */
export function UpstreamHealth({ live = false }: { live?: boolean }) {
  const state = breakerState();
  return live ? <LiveUpstreamHealth initial={state} /> : <UpstreamHealthBadge state={state} />;
}
