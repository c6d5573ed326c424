import "server-only";
import { env } from "@/lib/env";

const STYLE = {
  sandbox: "bg-amber-200 text-amber-900",
  test: "bg-sky-200 text-sky-900",
  live: "bg-emerald-700 text-white",
} as const;

/** Which core service Kassa talks to, always in sight: SANDBOX, TEST or LIVE. */
export function UpstreamBadge() {
  const upstream = env().upstreamEnv;
  return (
    <span
      data-testid="upstream-env"
      className={`rounded px-2 py-1 text-sm font-bold tracking-wide ${STYLE[upstream]}`}
    >
      {upstream.toUpperCase()}
    </span>
  );
}
