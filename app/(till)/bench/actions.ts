"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { journalCounts } from "@/lib/db/round-trips";
import { env } from "@/lib/env";

/**
 * An empty server action: the role check and the parse, then nothing. `npm run bench`
 * compares a vend's server time with this one's (the floor of any action on this machine),
 * and reads the process's journal round trips from it (no journal access of its own). Only
 * the bench's build has it (page.bench.tsx), and it answers only under the bench's switch.
 */
export const benchEmptyAction = staffAction(["cashier"], z.object({}).strict(), async () => {
  if (!env().bench) throw new ActionError("Not available.");
  return { at: Date.now(), journal: journalCounts() };
});
