"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { actorOf } from "@/lib/auth/actor";
import { audit } from "@/lib/audit";
import { env } from "@/lib/env";
import {
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_S,
  deviceCookieValue,
  enrolDevice,
  revokeDevice,
} from "@/lib/auth/device";
import { enrolDeviceSchema, revokeDeviceSchema } from "./schema";

/** This browser becomes the till: its signed, httpOnly cookie names the new enrolment. */
export const enrolDeviceAction = staffAction(
  ["supervisor"],
  enrolDeviceSchema,
  async (input, staff) => {
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
    const revoked = await revokeDevice(input.deviceId, staff.userId);
    if (!revoked) throw new ActionError("That browser is not enrolled (revoked already?).");
    await audit(actorOf(staff), "device_revoked", revoked.tillId, { deviceId: revoked.id });
    revalidatePath("/tills");
    return { tillId: revoked.tillId };
  },
);
