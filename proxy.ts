import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { parseEnv } from "@/lib/env-schema";
import {
  contentSecurityPolicy,
  HSTS,
  newNonce,
  STATIC_SECURITY_HEADERS,
} from "@/lib/security/headers";

// /pay/<sale>/<end> is where the hosted checkout returns the customer's own phone, which is
// not signed in; that page shows nothing of the sale and releases nothing.
const PUBLIC_PATHS = [
  /^\/login(\/|$)/,
  // Health checks and the metrics scrape come from machines, not staff; the metrics route
  // checks its own token.
  /^\/api\/(health|metrics)$/,
  /^\/api\/auth\//,
  /^\/pay\/[0-9a-f-]{36}\/(done|cancelled)$/,
  // A customer checks a slip's code (printed with its QR code) without an account.
  /^\/verify(\/[0-9A-Za-z-]{1,40})?$/,
  // The kiosk's start screen decides for itself: a kiosk browser without a session says it is
  // closed rather than showing a customer the staff sign-in (app/kiosk/layout.tsx).
  /^\/kiosk$/,
  // The till's offline worker and its page, fetched with or without a session.
  /^\/(sw\.js|offline\.html)$/,
];

// The configuration, parsed once: the environment does not change while the server runs.
let parsedConfig: ReturnType<typeof parseEnv> | undefined;
const settings = () => (parsedConfig ??= parseEnv(process.env));

/**
 * Every request: security headers with a per-request CSP nonce (Next.js reads it from the
 * request's CSP header for its own scripts). Signed-out visitors are sent to /login early;
 * this is not the check — every page, server action and route handler calls requireRole.
 */
export default async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Server actions answer for themselves (staffAction refuses and audits); a redirect here
  // would hide that check from the tests that prove it.
  const isAction = request.headers.has("next-action");
  const isPublic = isAction || PUBLIC_PATHS.some((p) => p.test(pathname));
  if (!isPublic) {
    const token = await getToken({
      req: request,
      secret: settings().authSecret,
      secureCookie: settings().https,
    });
    if (!token) {
      const login = new URL("/login", request.url);
      if (pathname !== "/") login.searchParams.set("callbackUrl", `${pathname}${search}`);
      return withSecurityHeaders(NextResponse.redirect(login), newNonce());
    }
  }
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  return withSecurityHeaders(
    NextResponse.next({ request: { headers: requestHeaders } }),
    nonce,
    csp,
  );
}

function withSecurityHeaders(response: NextResponse, nonce: string, csp?: string) {
  response.headers.set(
    "Content-Security-Policy",
    csp ?? contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production"),
  );
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS))
    response.headers.set(name, value);
  // Whenever Kassa's public address is https, browsers must never come back over plain http.
  if (settings().https) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image|favicon.ico|icon.svg|manifest.webmanifest).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
