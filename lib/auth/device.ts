import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import {
  staffSessions,
  tillDevices,
  tills,
  users,
  type Till,
  type TillDevice,
} from "@/lib/db/schema";

/**
 * A till is a device: a supervisor enrols a browser as one till or kiosk, and the browser
 * keeps a long-lived, signed, httpOnly cookie naming its enrolment. Signing in on that
 * browser signs in at that till; a revoked enrolment makes it an office browser again.
 */
export const DEVICE_COOKIE = "kassa_device";
/** A till's browser stays enrolled for a year unless a supervisor revokes it sooner. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function mac(id: string): string {
  return createHmac("sha256", `kassa-device:${env().authSecret}`).update(id).digest("base64url");
}

export function deviceCookieValue(deviceId: string): string {
  return `${deviceId}.${mac(deviceId)}`;
}

/** The device id in a cookie value, or null when it is missing, malformed or not signed by us. */
export function readDeviceCookie(value: string | undefined | null): string | null {
  if (!value) return null;
  const [id, signature, extra] = value.split(".");
  if (!id || !signature || extra !== undefined || !UUID.test(id)) return null;
  const expected = Buffer.from(mac(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** The device id from a raw Cookie header (next-auth's authorize sees only the request's headers). */
export function deviceIdFromCookieHeader(header: string | undefined | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === DEVICE_COOKIE)
      return readDeviceCookie(decodeURIComponent(part.slice(at + 1).trim()));
  }
  return null;
}

export interface EnrolledDevice {
  device: TillDevice;
  till: Till;
}

/** The live (not revoked) enrolment with this id, and its till. */
export async function findDevice(deviceId: string | null): Promise<EnrolledDevice | null> {
  if (!deviceId) return null;
  const database = await db();
  const [row] = await database
    .select({ device: tillDevices, till: tills })
    .from(tillDevices)
    .innerJoin(tills, eq(tills.id, tillDevices.tillId))
    .where(and(eq(tillDevices.id, deviceId), isNull(tillDevices.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function enrolDevice(
  tillId: string,
  supervisorId: string,
): Promise<{ device: TillDevice; till: Till } | null> {
  const database = await db();
  const [till] = await database.select().from(tills).where(eq(tills.id, tillId)).limit(1);
  if (!till) return null;
  const [device] = await database
    .insert(tillDevices)
    .values({ tillId, enrolledBy: supervisorId })
    .returning();
  return { device: device!, till };
}

export async function revokeDevice(
  deviceId: string,
  supervisorId: string,
): Promise<TillDevice | null> {
  const database = await db();
  const [row] = await database
    .update(tillDevices)
    .set({ revokedAt: new Date(), revokedBy: supervisorId })
    .where(and(eq(tillDevices.id, deviceId), isNull(tillDevices.revokedAt)))
    .returning();
  return row ?? null;
}

/**
 * Close a kiosk: end the sessions open on this enrolled kiosk browser, which stays enrolled.
 * The kiosk shows customers that it is closed until staff sign it in again there. The number
 * of sessions ended, or null when the device is no live kiosk enrolment.
 */
export async function closeKioskDevice(
  deviceId: string,
): Promise<{ tillId: string; ended: number } | null> {
  const enrolled = await findDevice(deviceId);
  if (!enrolled || enrolled.till.kind !== "kiosk") return null;
  const database = await db();
  const ended = await database
    .update(staffSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(staffSessions.deviceId, deviceId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return { tillId: enrolled.till.id, ended: ended.length };
}

/** Every till with its live enrolments, for the office's Tills screen. */
export async function listTillsWithDevices() {
  const database = await db();
  const [allTills, devices] = await Promise.all([
    database.select().from(tills).orderBy(asc(tills.kind), asc(tills.id)),
    database
      .select({ device: tillDevices, enrolledBy: users.displayName })
      .from(tillDevices)
      .innerJoin(users, eq(users.id, tillDevices.enrolledBy))
      .where(isNull(tillDevices.revokedAt))
      .orderBy(desc(tillDevices.enrolledAt)),
  ]);
  return allTills.map((till) => ({
    till,
    devices: devices.filter((d) => d.device.tillId === till.id),
  }));
}
