import { NextResponse, type NextRequest } from "next/server";
import { health } from "@/lib/ops/health";

/**
 * Alive (`GET /api/health`: 200 whenever the process answers) and ready
 * (`GET /api/health?ready=1`: 503 unless the journal answers, is migrated and Kassa is not
 * stopping), for load balancers, systemd and uptime monitors. No sign-in (proxy.ts lets it
 * through), nothing secret or personal in the answer.
 */
export async function GET(request: NextRequest) {
  const answer = await health();
  const askedReady = request.nextUrl.searchParams.has("ready");
  return NextResponse.json(answer, {
    status: askedReady && !answer.ready ? 503 : 200,
    headers: { "Cache-Control": "no-store" },
  });
}
