import fs from "node:fs";
import path from "node:path";

/**
 * Talks to a running Kassa over HTTP the way a browser does, without a browser: next-auth's
 * credentials sign-in (CSRF token first), and server actions POSTed with their `next-action`
 * id from the build's server-reference-manifest.json. Used by the benchmark, the fault tests
 * and the security specs.
 */
export type Who = { username: string; password: string; till: string };

export class Session {
  private readonly jar = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  absorb(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** The same cookies against another instance (one signed-in cashier across instances). */
  on(baseUrl: string): Session {
    const other = new Session(baseUrl);
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  cookies(): { name: string; value: string }[] {
    return [...this.jar].map(([name, value]) => ({ name, value }));
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("cookie", this.cookieHeader());
    const response = await fetch(new URL(pathname, this.baseUrl), {
      redirect: "manual",
      ...init,
      headers,
    });
    this.absorb(response);
    return response;
  }
}

/** The till ids offered on the sign-in page, by name ("Till 1" → id). */
export async function tillIds(baseUrl: string): Promise<Map<string, string>> {
  const html = await (await fetch(new URL("/login", baseUrl))).text();
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<option[^>]*value="([^"]+)"[^>]*>([^<]+)<\/option>/g))
    out.set(m[2]!.trim(), m[1]!);
  return out;
}

/** Sign in through next-auth's credentials callback, as the sign-in form's signIn() does. */
export async function signIn(baseUrl: string, who: Who): Promise<Session> {
  const session = new Session(baseUrl);
  const tillId = (await tillIds(baseUrl)).get(who.till);
  if (!tillId) throw new Error(`no till named ${who.till} on the sign-in page`);
  const csrf = (await (await session.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const body = new URLSearchParams({
    username: who.username,
    password: who.password,
    tillId,
    csrfToken: csrf.csrfToken,
    callbackUrl: `${baseUrl}/`,
    json: "true",
  });
  const response = await session.fetch("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const answer = (await response.json().catch(() => ({}))) as { url?: string };
  if (
    !session.cookies().some((c) => c.name.endsWith("next-auth.session-token")) ||
    answer.url?.includes("error=")
  ) {
    throw new Error(`sign-in as ${who.username} failed: ${response.status} ${answer.url ?? ""}`);
  }
  return session;
}

export interface ManifestAction {
  id: string;
  /** "app/(till)/electricity/actions.ts" */
  filename: string;
  exportedName: string;
  /** Pages whose bundle holds the action ("app/(till)/electricity/page"). */
  workers: string[];
}

/** Every server action in a production build, from <distDir>/server/server-reference-manifest.json. */
export function readActions(distDir: string): ManifestAction[] {
  const file = path.join(distDir, "server", "server-reference-manifest.json");
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as {
    node: Record<
      string,
      { workers: Record<string, unknown>; filename?: string; exportedName?: string }
    >;
  };
  return Object.entries(manifest.node).map(([id, entry]) => ({
    id,
    filename: entry.filename ?? "?",
    exportedName: entry.exportedName ?? "?",
    workers: Object.keys(entry.workers),
  }));
}

export function findAction(
  distDir: string,
  filename: string,
  exportedName: string,
): ManifestAction {
  const found = readActions(distDir).find(
    (a) => a.filename === filename && a.exportedName === exportedName,
  );
  if (!found)
    throw new Error(
      `${filename}#${exportedName} is not in ${distDir}'s server-reference-manifest.json`,
    );
  return found;
}

/** The address of a worker page: route groups dropped, dynamic segments filled with a dummy. */
export function pathOfWorker(worker: string): string {
  const parts = worker
    .replace(/^app\//, "")
    .replace(/\/?page$/, "")
    .split("/")
    .filter((p) => p && !/^\(.*\)$/.test(p))
    .map((p) => (/^\[.*\]$/.test(p) ? "00000000-0000-4000-8000-000000000000" : p));
  return `/${parts.join("/")}`;
}

/**
 * React's reply encoding for plain JSON: a string that starts with "$" is escaped with one
 * more "$" (otherwise the server would read it as a reference).
 */
export function encodeReply(value: unknown): string {
  return JSON.stringify([value], (_key, v: unknown) =>
    typeof v === "string" && v.startsWith("$") ? `$${v}` : v,
  );
}

export interface ActionCall {
  status: number;
  /** The action's return value (an ActionResult), when the answer held one. */
  result:
    | { ok: boolean; error?: string; fieldErrors?: Record<string, string>; data?: unknown }
    | undefined;
  body: string;
}

/** Parse the action's value out of an RSC (text/x-component) answer. */
export function actionValueOf(body: string): ActionCall["result"] {
  for (const line of body.split("\n")) {
    const m = /^[0-9a-f]+:(.*)$/.exec(line);
    if (!m) continue;
    try {
      const value = JSON.parse(m[1]!) as unknown;
      if (
        value &&
        typeof value === "object" &&
        "ok" in value &&
        typeof (value as { ok: unknown }).ok === "boolean"
      ) {
        return value as ActionCall["result"];
      }
    } catch {
      // Not JSON (a text chunk): skip.
    }
  }
  return undefined;
}

/** POST one server action the way the browser's router does. */
export async function callAction(
  session: Session,
  action: Pick<ManifestAction, "id" | "workers">,
  input: unknown,
  options: { origin?: string; page?: string } = {},
): Promise<ActionCall> {
  const page = options.page ?? pathOfWorker(action.workers[0] ?? "app/page");
  const response = await session.fetch(page, {
    method: "POST",
    headers: {
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      "next-action": action.id,
      origin: options.origin ?? session.baseUrl,
    },
    body: encodeReply(input),
  });
  const body = await response.text();
  return { status: response.status, result: actionValueOf(body), body };
}
