"use server";

import { z } from "zod";
import { staffAction } from "@/lib/auth/action";

/**
 * An empty server action: the role check and the parse, then nothing. `npm run bench`
 * compares a vend's server time with this one's (the floor of any action on this machine).
 */
export const benchEmptyAction = staffAction(["cashier"], z.object({}).strict(), async () => ({ at: Date.now() }));
