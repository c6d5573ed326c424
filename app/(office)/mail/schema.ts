import { z } from "zod";

export const resendSchema = z.object({ id: z.uuid("Not a message.") });
