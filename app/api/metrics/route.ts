import { timingSafeEqual } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics";
import { PEER_HEADER } from "@/lib/security/client-address";
import { refreshGauges } from "@/lib/ops/health";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics. With KASSA_METRICS_TOKEN set, only `Authorization: Bearer <token>`
 * reads them; without it, only a client on this machine, by the socket's own address
 * (scripts/serve.mjs writes it into PEER_HEADER; a forwarded-for header proves nothing).
 */
export async function GET(request: NextRequest) {
  const token = env().metricsToken;
  if (token) {
    const given = request.headers.get("authorization")?.match(/^Bearer (.+)$/i)?.[1] ?? "";
    if (!sameSecret(given, token))
      return new NextResponse("A bearer token is required for the metrics.\n", {
        status: 401,
        headers: { "WWW-Authenticate": 'Bearer realm="kassa-metrics"' },
      });
  } else if (!LOOPBACK.test(request.headers.get(PEER_HEADER) ?? "")) {
    return new NextResponse(
      "The metrics are read from this machine only; set KASSA_METRICS_TOKEN to read them from elsewhere.\n",
      { status: 403 },
    );
  }
  await refreshGauges();
  const { registry } = metrics();
  return new NextResponse(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}
