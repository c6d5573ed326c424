/** `npm run dev:sandbox`: the sandbox on SANDBOX_PORT (default 4010) until SIGINT/SIGTERM. */
import { startSandbox } from "./server";

async function main(): Promise<void> {
  const port = Number(process.env.SANDBOX_PORT ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`sandbox: SANDBOX_PORT must be a port number, got "${process.env.SANDBOX_PORT}"`);
    process.exit(1);
  }
  let sandbox;
  try {
    sandbox = await startSandbox({
      port,
      host: "127.0.0.1",
      apiKey: process.env.KASSA_API_KEY || undefined,
      smsKey: process.env.KASSA_SMS_KEY || undefined,
      log: process.env.SANDBOX_LOG === "1",
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EADDRINUSE") {
      console.error(
        `sandbox: port ${port} is already in use (is another sandbox already running?). Stop it or set SANDBOX_PORT.`,
      );
    } else {
      console.error("sandbox: could not start:", err);
    }
    process.exit(1);
  }
  console.log(
    `Kassa sandbox core service listening on ${sandbox.url} (control: ${sandbox.origin}/__sandbox, docs/sandbox.md)`,
  );
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Started by `npm start` (scripts/start.mjs, with a channel to it): gone with it, however it ends.
  if (process.send) process.once("disconnect", stop);
}

void main();
