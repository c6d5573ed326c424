"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";
import { journalCounts } from "@/lib/db/round-trips";

/**
 * An empty server action: the role check and the parse, then nothing. `npm run bench`
 * compares a vend's server time with this one's (the floor of any action on this machine),
 * and reads the process's journal round trips from it (no journal access of its own).
 */
export const benchEmptyAction = staffAction(["cashier"], z.object({}).strict(), async () => ({
  at: Date.now(),
  journal: journalCounts(),
}));
