/** startSandbox: the sandbox core service as its own HTTP server (tests, `npm run dev:sandbox`, benchmarks). */
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { SANDBOX_API_KEY, SANDBOX_SMS_KEY } from "../env-schema";
import { compileRoutes, createRequestListener } from "./http";
import { ROUTES } from "./routes";
import { SandboxState } from "./state";

export interface SandboxOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  host?: string;
  apiKey?: string;
  /** The key its SMS gateway accepts. Default SANDBOX_SMS_KEY. */
  smsKey?: string;
  /** One line per request on stdout; off by default so benchmarks measure the app, not the console. */
  log?: boolean;
}

export interface RunningSandbox {
  /** Base address the client uses, `${origin}/api`. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? "127.0.0.1";
  const state = new SandboxState();
  const held = new Set<Socket>();
  let origin = "";
  const server = createServer(
    createRequestListener({
      state,
      apiKey: opts.apiKey ?? SANDBOX_API_KEY,
      smsKey: opts.smsKey ?? SANDBOX_SMS_KEY,
      routes: compileRoutes(ROUTES),
      fallbackOrigin: () => origin,
      held,
      log: opts.log ?? false,
    }),
  );
  // Tests and benchmarks open many short connections; keep idle ones briefly so close() is quick.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}/api`,
    origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of held) socket.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
