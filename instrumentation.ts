export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // In production every line on stdout is a JSON log line, Next.js's own included.
    if (process.env.NODE_ENV === "production") (await import("./lib/log")).routeConsoleToLog();
    const { warmUp } = await import("./lib/startup");
    await warmUp();
    const { startBackgroundWork } = await import("./lib/background");
    startBackgroundWork();
  }
}
