import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics";
import { refreshGauges } from "@/lib/ops/health";
import { operatorAccess } from "@/lib/security/operator-access";

/**
 * Prometheus metrics, for the operator only (lib/security/operator-access.ts): the bearer of
 * KASSA_METRICS_TOKEN, or without it a client on this machine that no proxy speaks for.
 */
export async function GET(request: NextRequest) {
  const access = operatorAccess((name) => request.headers.get(name), env());
  if (!access.ok)
    return new NextResponse(`${access.message}\n`, {
      status: access.status,
      headers:
        access.status === 401 ? { "WWW-Authenticate": 'Bearer realm="kassa-metrics"' } : undefined,
    });
  await refreshGauges();
  const { registry } = metrics();
  return new NextResponse(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}
