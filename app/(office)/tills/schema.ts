import { z } from "zod/mini";

/** Enrol the browser the supervisor is using as this till or kiosk. */
export const enrolDeviceSchema = z.object({
  tillId: z.string().check(z.minLength(1, "Choose a till."), z.maxLength(64)),
});

/** Revoke one enrolled browser. */
export const revokeDeviceSchema = z.object({
  deviceId: z.uuid("Choose an enrolled browser."),
});
