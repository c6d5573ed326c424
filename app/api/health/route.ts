import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { health, isReady } from "@/lib/ops/health";
import { operatorAccess } from "@/lib/security/operator-access";
import { breakerState } from "@/lib/upstream";
import type { BreakerState } from "@/lib/ops/breaker-state";

/**
 * Alive (`GET /api/health`: 200 whenever the process answers) and ready
 * (`GET /api/health?ready=1`: 503 unless the journal answers, is migrated and Kassa is not
 * stopping), for load balancers, systemd and uptime monitors. No sign-in (proxy.ts lets it
 * through), and to anyone it says only `{ ready }`. The detail (journal, last call to the core
 * service, counts, breaker, backup, build) is for the metrics' reader
 * (lib/security/operator-access.ts); a signed-in till also gets the breaker for its badge.
 */
export async function GET(request: NextRequest) {
  const config = env();
  const askedReady = request.nextUrl.searchParams.has("ready");
  const operator = operatorAccess((name) => request.headers.get(name), config);
  let answer: { ready: boolean; coreService?: { breaker: BreakerState } };
  if (operator.ok) answer = await health();
  else {
    const ready = await isReady();
    const signedIn =
      request.cookies.size > 0 &&
      (await getToken({ req: request, secret: config.authSecret, secureCookie: config.https }));
    answer = signedIn ? { ready, coreService: { breaker: breakerState() } } : { ready };
  }
  return NextResponse.json(answer, {
    status: askedReady && !answer.ready ? 503 : 200,
    headers: { "Cache-Control": "no-store" },
  });
}
