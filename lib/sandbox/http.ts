/**
 * The HTTP side: routing, the API-key check, JSON in and out, and fault injection.
 * Faults are applied here, around the handler, so that "after commit" faults
 * (malformed, drop) really commit: the handler runs, then the answer is spoiled.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { applyDialects } from "./dialects";
import type { Fault, SandboxState } from "./state";
import { ERR, fail, type Handler, type Reply } from "./wire";

export interface Route {
  method: string;
  /** Path with :params, e.g. /checkout/:id/:action. */
  pattern: string;
  handler: Handler;
  /** Under /api: needs the API key and is subject to faults. */
  api: boolean;
  /** The SMS gateway: needs the gateway's key (Authorization) and is subject to faults. */
  gateway?: boolean;
}

interface Compiled extends Route {
  regex: RegExp;
  names: string[];
}

export function compileRoutes(routes: Route[]): Compiled[] {
  return routes.map((r) => {
    const names: string[] = [];
    const source = r.pattern
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/:(\w+)/g, (_m, name: string) => {
        names.push(name);
        return "([^/]+)";
      });
    return { ...r, names, regex: new RegExp(`^${source}$`, "i") };
  });
}

const MAX_BODY = 1_000_000;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) return null;
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  // Clients do not always send Content-Type: any body that parses as JSON counts (the checkout forms send none that does).
  return text ? safeJson(text) : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A body that is not JSON is treated as absent; every handler then answers its own "invalid request".
    return null;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  if (reply.kind === "redirect") {
    res.writeHead(303, { Location: reply.location, "Content-Length": "0" });
    res.end();
    return;
  }
  const isJson = reply.kind === "json";
  const text = isJson ? JSON.stringify(reply.body) : reply.body;
  res.writeHead(reply.status, {
    "Content-Type": isJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
  });
  res.end(text);
}

export interface Runtime {
  state: SandboxState;
  apiKey: string;
  smsKey: string;
  routes: Compiled[];
  fallbackOrigin: () => string;
  /** Sockets held open by the "timeout" fault; the server destroys them when it closes. */
  held: Set<Socket>;
  log: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRequestListener(rt: Runtime) {
  return (req: IncomingMessage, res: ServerResponse) => {
    handle(rt, req, res).catch((err: unknown) => {
      console.error("sandbox: handler failed", err);
      if (!res.headersSent)
        send(res, { kind: "json", status: 500, body: { message: "sandbox internal error" } });
      else res.destroy();
    });
  };
}

async function handle(rt: Runtime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox");
  const method = (req.method ?? "GET").toUpperCase();
  const pathname = url.pathname.replace(/\/+$/, "") || "/";
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (rt.log) console.log(`${new Date().toISOString()} ${method} ${pathname}`);

  if (isApi && req.headers["x-api-key"] !== rt.apiKey) {
    req.resume();
    return send(res, { kind: "json", status: 401, body: { message: "Unauthorized" } });
  }
  const candidates = rt.routes.filter((r) => r.regex.test(pathname));
  if (candidates.length === 0) {
    req.resume();
    return send(res, { kind: "json", status: 404, body: { message: `No route for ${pathname}` } });
  }
  const route = candidates.find((r) => r.method === method);
  if (!route) {
    req.resume();
    return send(res, {
      kind: "json",
      status: 405,
      body: { message: `${method} is not allowed on ${pathname}` },
    });
  }
  if (route.gateway && req.headers.authorization !== rt.smsKey) {
    req.resume();
    return send(res, {
      kind: "json",
      status: 401,
      body: { messages: [], error: { code: 1, description: "Invalid or missing API key" } },
    });
  }
  const match = route.regex.exec(pathname);
  const params = Object.fromEntries(
    route.names.map((n, i) => [n, decodeURIComponent(match?.[i + 1] ?? "")]),
  );
  const body = await readBody(req);
  const apiPath = isApi ? pathname.slice("/api".length) : pathname;
  const origin = req.headers.host ? `http://${req.headers.host}` : rt.fallbackOrigin();
  const handled = () =>
    route.handler({
      state: rt.state,
      origin,
      path: apiPath,
      body,
      params,
      query: url.searchParams,
    });
  const run = () =>
    route.api ? applyDialects(handled(), apiPath, rt.state.dialectsFor(apiPath)) : handled();

  if (route.api) rt.state.requests.set(apiPath, (rt.state.requests.get(apiPath) ?? 0) + 1);
  // "*" faults are the core service's: the SMS gateway takes only faults set for its own path.
  const fault: Fault | null = route.api
    ? rt.state.takeFault(apiPath)
    : route.gateway
      ? rt.state.takeFault(apiPath, false)
      : null;
  if (!fault) return send(res, run());
  switch (fault.kind) {
    case "latency":
      // The work happens after the delay, as at a slow upstream: a client that gave up meanwhile still caused it.
      await sleep(fault.ms);
      return send(res, run());
    case "timeout":
      return hold(rt, req.socket, fault.ms);
    case "http500":
      return send(res, {
        kind: "json",
        status: 500,
        body: { message: "Internal Server Error (sandbox fault)" },
      });
    case "malformed": {
      const reply = run();
      const real = reply.kind === "json" ? JSON.stringify(reply.body) : "{}";
      // "text": the real answer cut in half (not JSON); "shape": valid JSON of the wrong shape.
      const text =
        fault.variant === "shape"
          ? JSON.stringify({ status: "ok", payload: "unexpected" })
          : real.slice(0, Math.max(1, Math.floor(real.length / 2)));
      res.writeHead(200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(text)),
      });
      res.end(text);
      return;
    }
    case "refuse":
      // A business refusal in the success/data envelope, whatever the request (a later
      // attempt refused after an earlier one went through).
      return send(res, fail(fault.code ?? ERR.insufficientCredit, "Refused (sandbox fault)"));
    case "drop":
      run();
      req.socket.destroy();
      return;
  }
}

/** Never answer: keep the connection until the client gives up, `ms` passes, or the server closes. */
function hold(rt: Runtime, socket: Socket, ms: number): void {
  rt.held.add(socket);
  const timer = setTimeout(() => socket.destroy(), ms);
  socket.once("close", () => {
    clearTimeout(timer);
    rt.held.delete(socket);
  });
}
