import fs from "node:fs";
import path from "node:path";
import { ACTIONS, type ActionRef } from "./actions";

/**
 * Talks to a running Kassa over HTTP the way a browser does, without a browser: next-auth's
 * credentials sign-in (CSRF token first), and server actions POSTed with their `next-action`
 * id from the build's server-reference-manifest.json. Used by the benchmark, the fault tests
 * and the security specs.
 */
/** A user to sign in; `role`, when known, lets a till's user skip the sign-in that fails unenrolled. */
export type Who = {
  username: string;
  password: string;
  till: string;
  role?: "cashier" | "supervisor" | "kiosk";
};

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

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
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

/** The supervisor that enrols a client's "browser" as a till when it is not one yet (the sandbox's demo supervisor). */
const ENROLLING_SUPERVISOR = {
  username: process.env.KASSA_ENROL_USER ?? "supervisor",
  password: process.env.KASSA_ENROL_PASSWORD ?? "supervisor-demo-1",
  till: "Office",
};

/** The till ids on the office's Tills screen, by name ("Till 1" → id), as a supervisor sees them. */
async function tillIds(supervisor: Session): Promise<Map<string, string>> {
  const html = await (await supervisor.fetch("/tills")).text();
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<tr[^>]*data-till="([^"]+)"[^>]*><td[^>]*>([^<]+)<\/td>/g))
    out.set(m[2]!.trim(), m[1]!);
  return out;
}

/**
 * Enrol a client as the till named `tillName`, as a supervisor does on the Tills screen:
 * returns the signed device cookie's value for the client to keep.
 */
async function enrolDevice(baseUrl: string, tillName: string, distDir: string): Promise<string> {
  const supervisor = await signIn(baseUrl, ENROLLING_SUPERVISOR);
  const tillId = (await tillIds(supervisor)).get(tillName);
  if (!tillId) throw new Error(`no till named ${tillName} on the Tills screen`);
  const enrol = findAction(distDir, ACTIONS.tills("enrolDeviceAction"));
  // Enrolling is an override: confirmed with the supervisor's password again.
  const answer = await callAction(supervisor, enrol, {
    tillId,
    confirm: ENROLLING_SUPERVISOR.password,
  });
  const device = supervisor.cookies().find((c) => c.name === DEVICE_COOKIE)?.value;
  if (!answer.result?.ok || !device)
    throw new Error(`enrolling ${tillName} failed: ${answer.result?.error ?? answer.status}`);
  return device;
}

const DEVICE_COOKIE = "kassa_device";
const isDevice = (c: { name: string }) => c.name === DEVICE_COOKIE;

async function credentialsSignIn(session: Session, who: Who): Promise<string | undefined> {
  const csrf = (await (await session.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const body = new URLSearchParams({
    username: who.username,
    password: who.password,
    csrfToken: csrf.csrfToken,
    callbackUrl: `${session.baseUrl}/`,
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
    return `${response.status} ${decodeURIComponent(answer.url ?? "")}`;
  }
  return undefined;
}

/**
 * Sign in through next-auth's credentials callback, as the sign-in form's signIn() does. A
 * till's user (cashier, kiosk) signs in only on an enrolled device: when the client is not
 * one, the demo supervisor enrols it as `who.till` first (through the enrol action of the
 * build in `options.distDir`, default NEXT_DIST_DIR or .next), and the client keeps the cookie.
 */
export async function signIn(
  baseUrl: string,
  who: Who,
  options: { device?: string; distDir?: string } = {},
): Promise<Session> {
  const session = new Session(baseUrl);
  const distDir = options.distDir ?? process.env.NEXT_DIST_DIR ?? ".next";
  const enrol = async () =>
    session.setCookie(DEVICE_COOKIE, await enrolDevice(baseUrl, who.till, distDir));
  if (options.device) session.setCookie(DEVICE_COOKIE, options.device);
  // A till's user on an unenrolled client is a failed attempt that counts toward the lock:
  // when the role says so, enrol first instead of finding out.
  else if (who.role && who.role !== "supervisor") await enrol();
  let failure = await credentialsSignIn(session, who);
  if (failure && /not.enrolled/i.test(failure) && !session.cookies().some(isDevice)) {
    await enrol();
    failure = await credentialsSignIn(session, who);
  }
  if (failure) throw new Error(`sign-in as ${who.username} failed: ${failure}`);
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

export function findAction(distDir: string, { file, name }: ActionRef): ManifestAction {
  const found = readActions(distDir).find((a) => a.filename === file && a.exportedName === name);
  if (!found)
    throw new Error(`${file}#${name} is not in ${distDir}'s server-reference-manifest.json`);
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
  options: { origin?: string; page?: string; signal?: AbortSignal } = {},
): Promise<ActionCall> {
  const page = options.page ?? pathOfWorker(action.workers[0] ?? "app/page");
  const response = await session.fetch(page, {
    method: "POST",
    signal: options.signal,
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
