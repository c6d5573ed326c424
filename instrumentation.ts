export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { warmUp } = await import("./lib/startup");
    await warmUp();
    const { startBackgroundWork } = await import("./lib/background");
    startBackgroundWork();
  }
}
