export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { warmUp } = await import("./lib/startup");
    await warmUp();
  }
}
