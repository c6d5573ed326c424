import { z } from "zod/mini";
import { stepUpConfirm } from "@/lib/auth/step-up-schema";

/** Enrol the browser the supervisor is using as this till or kiosk. */
export const enrolDeviceSchema = z.object({
  tillId: z.string().check(z.minLength(1, "Choose a till."), z.maxLength(64)),
  confirm: stepUpConfirm,
});

/** Revoke one enrolled browser. */
export const revokeDeviceSchema = z.object({
  deviceId: z.uuid("Choose an enrolled browser."),
  confirm: stepUpConfirm,
});

/** Close one enrolled kiosk browser: its session ends, its enrolment stays. */
export const closeKioskSchema = z.object({
  deviceId: z.uuid("Choose an enrolled kiosk."),
});
