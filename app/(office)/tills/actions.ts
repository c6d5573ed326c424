"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { staffAction } from "@/lib/auth/action";
import { approvalDetail } from "@/lib/auth/approval";
import { confirmStepUp } from "@/lib/auth/step-up";
import { ActionError } from "@/lib/errors";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { env } from "@/lib/env";
import {
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_S,
  deviceCookieValue,
  closeKioskDevice,
  enrolDevice,
  revokeDevice,
} from "@/lib/auth/device";
import { closeKioskSchema, enrolDeviceSchema, revokeDeviceSchema } from "./schema";

/** This browser becomes the till: its signed, httpOnly cookie names the new enrolment. */
export const enrolDeviceAction = staffAction(
  ["supervisor"],
  enrolDeviceSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "device_enrol");
    const enrolled = await enrolDevice(input.tillId, staff.userId);
    if (!enrolled) throw new ActionError("There is no such till.", "tillId");
    (await cookies()).set(DEVICE_COOKIE, deviceCookieValue(enrolled.device.id), {
      httpOnly: true,
      sameSite: "lax",
      secure: env().https,
      path: "/",
      maxAge: DEVICE_MAX_AGE_S,
    });
    await audit(actorOf(staff), "device_enrolled", enrolled.till.id, {
      deviceId: enrolled.device.id,
      tillName: enrolled.till.name,
      ...approvalDetail(approved),
    });
    revalidatePath("/tills");
    return { tillName: enrolled.till.name };
  },
);

/** A revoked browser is no longer a till: sessions opened on it end at their next request. */
export const revokeDeviceAction = staffAction(
  ["supervisor"],
  revokeDeviceSchema,
  async (input, staff) => {
    const approved = await confirmStepUp(staff, input.confirm, "device_revoke");
    const revoked = await revokeDevice(input.deviceId, staff.userId);
    if (!revoked) throw new ActionError("That browser is not enrolled (revoked already?).");
    await audit(actorOf(staff), "device_revoked", revoked.tillId, {
      deviceId: revoked.id,
      ...approvalDetail(approved),
    });
    revalidatePath("/tills");
    return { tillId: revoked.tillId };
  },
);

/**
 * Close a kiosk: its session ends (the kiosk says it is closed to customers), its browser stays
 * enrolled; staff sign in on it again to open it.
 */
export const closeKioskAction = staffAction(
  ["supervisor"],
  closeKioskSchema,
  async (input, staff) => {
    const closed = await closeKioskDevice(input.deviceId);
    if (!closed) throw new ActionError("That browser is not an enrolled kiosk (revoked already?).");
    await audit(actorOf(staff), "kiosk_closed", closed.tillId, {
      deviceId: input.deviceId,
      sessionsEnded: closed.ended,
    });
    revalidatePath("/tills");
    return { sessionsEnded: closed.ended };
  },
);
