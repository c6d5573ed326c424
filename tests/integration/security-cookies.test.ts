import path from "node:path";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Kassa's session cookies: next-auth's defaults, which Kassa must not override. Its own
 * logic (core/init.js) makes them Secure with the __Secure- prefix whenever NEXTAUTH_URL is
 * https — everywhere but plain-http localhost — and always HttpOnly and SameSite=Lax.
 */
const require = createRequire(import.meta.url);
// core/init is not in next-auth's "exports": reach it by its file, as next-auth itself does.
const { init } = require(
  path.join(path.dirname(require.resolve("next-auth")), "core", "init.js"),
) as {
  init: (p: Record<string, unknown>) => Promise<{
    options: { cookies: Record<string, { name: string; options: Record<string, unknown> }> };
  }>;
};

async function cookiesAt(origin: string) {
  vi.stubEnv("NEXTAUTH_URL", origin);
  vi.stubEnv("KASSA_PUBLIC_URL", origin);
  vi.resetModules();
  const { authOptions } = await import("@/lib/auth/options");
  const options = authOptions();
  // Kassa leaves the cookie choice to next-auth, except that behind TLS (an https public
  // address) the cookie is Secure whatever NEXTAUTH_URL says.
  expect(options.useSecureCookies).toBe(origin.startsWith("https:") ? true : undefined);
  expect(options.cookies).toBeUndefined();
  const { options: resolved } = await init({
    authOptions: options,
    action: "session",
    origin,
    cookies: {},
    isPost: false,
  });
  return resolved.cookies;
}

describe("session cookies", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("are Secure, __Secure-prefixed, HttpOnly and SameSite=Lax behind https", async () => {
    const cookies = await cookiesAt("https://kassa.example.co.za");
    expect(cookies.sessionToken!.name).toBe("__Secure-next-auth.session-token");
    expect(cookies.sessionToken!.options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
    });
    expect(cookies.csrfToken!.name).toBe("__Host-next-auth.csrf-token");
    expect(cookies.csrfToken!.options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
    });
  });

  it("are HttpOnly and SameSite=Lax on plain-http localhost, where a browser would drop a Secure cookie", async () => {
    const cookies = await cookiesAt("http://localhost:3000");
    expect(cookies.sessionToken!.name).toBe("next-auth.session-token");
    expect(cookies.sessionToken!.options).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: false,
    });
  });
});
