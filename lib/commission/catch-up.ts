import "server-only";
import { db } from "@/lib/db";
import { catchUpCommissions } from "./record";

/** The scheduled catch-up pass on the app's journal (lib/background.ts). */
export async function catchUpCommissionsNow(): Promise<number> {
  return catchUpCommissions(await db());
}
