import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Session } from "../../bench/lib/kassa-client";
import { startApp, type Proc } from "../../bench/lib/procs";
import { DIST, fresh, freePort, sandboxClient } from "./support/cluster";

/**
 * Whose address the per-address limits count, on Kassa's own production server
 * (scripts/serve.mjs, what `npm start` runs): the socket's, whatever X-Forwarded-For,
 * X-Real-IP or Kassa's own peer header a client sends; and, with KASSA_TRUSTED_PROXIES,
 * the hop the trusted proxies wrote. Under plain `next start` no peer is believed at all.
 * Who reads the metrics follows from it: never a client a proxy (or a made-up header)
 * speaks for, unless it holds the token.
 */
const sandbox = sandboxClient();
const made = () => `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.7.9`;

/** One sign-in through next-auth's credentials callback; the refusal's message, or "signed in". */
async function signIn(
  baseUrl: string,
  username: string,
  password: string,
  headers: Record<string, string>,
): Promise<string> {
  const session = new Session(baseUrl);
  const csrf = (await (await session.fetch("/api/auth/csrf", { headers })).json()) as {
    csrfToken: string;
  };
  const response = await session.fetch("/api/auth/callback/credentials", {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      username,
      password,
      csrfToken: csrf.csrfToken,
      callbackUrl: `${baseUrl}/`,
      json: "true",
    }),
  });
  const { url = "" } = (await response.json().catch(() => ({}))) as { url?: string };
  const error = new URL(url, baseUrl).searchParams.get("error");
  return error ?? "signed in";
}

const limited = (answers: string[]) => answers.filter((a) => a.startsWith("Too many attempts"));

/** `count` sign-ins, ten at a time, each with the headers `headersOf(i)` gives. */
async function signIns(
  baseUrl: string,
  count: number,
  headersOf: (i: number) => Record<string, string>,
): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) =>
      signIn(baseUrl, `made-up-user-${i + j}`, "not-a-password", headersOf(i + j)),
    );
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

describe("the client address behind and without proxies", () => {
  let stopSandbox: () => Promise<void>;
  let direct: Proc;
  let proxied: Proc;
  let plainNext: Proc;
  let directUrl: string;
  let proxiedUrl: string;
  let plainNextUrl: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    const [a, b, c] = [await freePort(), await freePort(), await freePort()];
    const start = (port: number, extraEnv: Record<string, string>, serve = true) => {
      const dataDir = fresh(`.data/faults-address-${port}`);
      dirs.push(dataDir);
      return startApp({
        port,
        distDir: DIST,
        sandboxPort: sandbox.port,
        dataDir,
        extraEnv,
        serve,
      });
    };
    [direct, proxied, plainNext] = await Promise.all([
      start(a, {}),
      start(b, { KASSA_TRUSTED_PROXIES: "1" }),
      start(c, {}, false),
    ]);
    directUrl = `http://localhost:${a}`;
    proxiedUrl = `http://localhost:${b}`;
    plainNextUrl = `http://localhost:${c}`;
  });

  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop(), plainNext?.stop()]);
    await stopSandbox?.();
    for (const dir of dirs) fresh(dir);
  });

  it("without trusted proxies, 120 sign-ins with made-up forwarding headers count as one address", async () => {
    const answers = await signIns(directUrl, 120, () => ({
      "x-forwarded-for": made(),
      "x-real-ip": made(),
      "x-kassa-peer": made(),
    }));
    // Limit 50 per address: the 51st and later are refused before any password is checked.
    expect(limited(answers)).toHaveLength(70);
    expect(answers.slice(0, 50).every((a) => a.startsWith("Wrong user name or password"))).toBe(
      true,
    );
  });

  it("without trusted proxies, the signed-out card return page counts made-up addresses as one", async () => {
    const pages: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${directUrl}/pay/${crypto.randomUUID()}/done`, {
        headers: { "x-forwarded-for": made(), "x-kassa-peer": made() },
      });
      pages.push(await res.text());
    }
    // Limit 30 a minute per address.
    expect(pages.filter((html) => html.includes("Too many attempts"))).toHaveLength(10);
  });

  it("under plain next start, 70 sign-ins with 70 made-up peer values count as one address", async () => {
    const answers = await signIns(plainNextUrl, 70, () => ({
      "x-kassa-peer": made(),
      "x-kassa-peer-proof": "made-up",
    }));
    expect(limited(answers)).toHaveLength(20);
  });

  it("under plain next start, a made-up loopback peer does not read the metrics", async () => {
    const res = await fetch(`${plainNextUrl}/api/metrics`, {
      headers: { "x-kassa-peer": "127.0.0.1" },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/kassa_/);
  });

  it("refuses the metrics to a request a proxy on this PC forwards, without the token", async () => {
    // Kassa's own server on loopback without proxies: a forwarding header means someone else
    // (nginx, Caddy on the same PC) speaks for the client.
    expect((await fetch(`${directUrl}/api/metrics`)).status).toBe(200);
    for (const header of ["x-forwarded-for", "x-real-ip", "forwarded"]) {
      const res = await fetch(`${directUrl}/api/metrics`, { headers: { [header]: "203.0.113.9" } });
      expect(res.status, header).toBe(403);
    }
    // With proxies configured, the token is required: neither the proxy's loopback socket nor
    // a forwarded loopback address opens them.
    for (const forwarded of ["203.0.113.9", "127.0.0.1", undefined]) {
      const res = await fetch(`${proxiedUrl}/api/metrics`, {
        headers: forwarded ? { "x-forwarded-for": forwarded } : {},
      });
      expect(res.status, String(forwarded)).toBe(403);
      expect(await res.text()).not.toMatch(/kassa_/);
    }
  });

  it("logs requests at debug level only, so a busy till's requests do not drown the events", () => {
    // Every instance above runs at the default level (info) and answered many requests.
    for (const proc of [direct, proxied]) expect(proc.output()).not.toMatch(/"msg":"request"/);
  });

  it("with one trusted proxy, the hop it wrote is the client, and a made-up hop before it changes nothing", async () => {
    const client = "198.51.100.7";
    const answers = await signIns(proxiedUrl, 55, () => ({
      "x-forwarded-for": `${made()}, ${client}`,
    }));
    expect(limited(answers)).toHaveLength(5);
    // Another client behind the same proxy is not limited.
    expect(
      await signIn(proxiedUrl, "made-up-user-x", "not-a-password", {
        "x-forwarded-for": `${client}, 198.51.100.8`,
      }),
    ).toMatch(/^Wrong user name or password/);
  });
});
