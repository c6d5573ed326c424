import "server-only";
import { env } from "@/lib/env";
import { currentSigner } from "./seal-loop";
import { groupedCode, slipCode } from "./slip-code";

/** A sale's slip code (grouped, as printed) and the public page that checks it. */
export function slipCheckOf(saleId: string): { code: string; url: string } {
  const config = env();
  const code = slipCode(currentSigner(config), saleId);
  return { code: groupedCode(code), url: `${config.publicUrl}/verify/${code}` };
}
