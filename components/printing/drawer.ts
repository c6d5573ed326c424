import { recordPrintOutcomeAction } from "@/lib/actions/print";
import type { DrawerKick } from "@/lib/printing/service";

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Sends a drawer pulse the server handed back to a USB or serial till, and reports it under
 * its job id (the drawer is audited as opened only then); a network printer has had it from
 * the server already. Answers what to tell the cashier when the drawer stayed shut.
 */
export async function kickDrawer(kick: DrawerKick): Promise<string | null> {
  if (!kick.ok) return `The cash drawer did not open: ${kick.reason}`;
  if (kick.via !== "usb" && kick.via !== "serial") return null;
  const { sendToWebPrinter } = await import("./web-printer");
  const status = await sendToWebPrinter(kick.via, fromBase64(kick.job));
  await recordPrintOutcomeAction({
    jobId: kick.jobId,
    state: status.state,
    drawerOpened: status.state === "ready",
  }).catch(() => null);
  return status.state === "ready" ? null : `The cash drawer did not open: ${status.message}`;
}
