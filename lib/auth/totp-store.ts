import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { db } from "@/lib/db";
import { staffTotp } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { matchingStep, newTotpSecret } from "./totp";

/**
 * A supervisor's authenticator secret in the journal (`staff_totp`), sealed with AES-256-GCM
 * under a key derived from NEXTAUTH_SECRET: a copy of the journal or a backup alone cannot
 * make codes. A new NEXTAUTH_SECRET makes the sealed secrets unreadable; their supervisors then
 * confirm with their password until they set up their authenticator again.
 */
function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", env().authSecret, "kassa-totp", "staff_totp", 32));
}

function seal(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), body].map((p) => p.toString("base64url"))].join(".");
}

function unseal(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]);
    return plain.toString("utf8");
  } catch {
    return null;
  }
}

export type TotpState = "off" | "waiting" | "on";

/** Whether the supervisor's authenticator is off, set up and waiting for its first code, or on. */
export async function totpState(userId: string): Promise<TotpState> {
  const database = await db();
  const [row] = await database
    .select({ confirmedAt: staffTotp.confirmedAt })
    .from(staffTotp)
    .where(eq(staffTotp.userId, userId))
    .limit(1);
  if (!row) return "off";
  return row.confirmedAt ? "on" : "waiting";
}

/**
 * A new secret for a supervisor whose authenticator is not on: it waits for its first code.
 * Answers the secret (shown once, as a URI and a QR code), or null when one is on already.
 */
export async function startTotp(userId: string): Promise<string | null> {
  const secret = newTotpSecret();
  const database = await db();
  const rows = await database
    .insert(staffTotp)
    .values({ userId, secret: seal(secret) })
    .onConflictDoUpdate({
      target: staffTotp.userId,
      set: { secret: seal(secret), lastStep: 0, createdAt: new Date() },
      setWhere: isNull(staffTotp.confirmedAt),
    })
    .returning({ userId: staffTotp.userId });
  return rows.length ? secret : null;
}

/** The waiting secret, to show again (a reload of the set-up page); null when none waits. */
export async function waitingSecret(userId: string): Promise<string | null> {
  const database = await db();
  const [row] = await database
    .select({ secret: staffTotp.secret })
    .from(staffTotp)
    .where(and(eq(staffTotp.userId, userId), isNull(staffTotp.confirmedAt)))
    .limit(1);
  return row ? unseal(row.secret) : null;
}

/**
 * Takes a code of the supervisor's authenticator once: the step it belongs to must be later
 * than the last step taken, and is written in the same statement, so the same code (or an
 * older one) is refused however many requests carry it. `waiting`: the first code, which turns
 * a waiting authenticator on; otherwise only an authenticator that is on takes codes.
 */
export async function takeTotpCode(
  userId: string,
  code: string,
  { waiting = false, now = new Date() }: { waiting?: boolean; now?: Date } = {},
): Promise<boolean> {
  const database = await db();
  const [row] = await database
    .select({ secret: staffTotp.secret })
    .from(staffTotp)
    .where(
      and(
        eq(staffTotp.userId, userId),
        waiting ? isNull(staffTotp.confirmedAt) : isNotNull(staffTotp.confirmedAt),
      ),
    )
    .limit(1);
  const secret = row ? unseal(row.secret) : null;
  if (!secret) return false;
  const step = matchingStep(secret, code, now);
  if (step === null) return false;
  const taken = await database
    .update(staffTotp)
    .set({ lastStep: step, ...(waiting ? { confirmedAt: now } : {}) })
    .where(and(eq(staffTotp.userId, userId), lt(staffTotp.lastStep, step)))
    .returning({ userId: staffTotp.userId });
  return taken.length > 0;
}

/** Whether the supervisor confirms with a code: an authenticator that is on and readable. */
export async function confirmsWithCode(userId: string): Promise<boolean> {
  const database = await db();
  const [row] = await database
    .select({ secret: staffTotp.secret })
    .from(staffTotp)
    .where(and(eq(staffTotp.userId, userId), isNotNull(staffTotp.confirmedAt)))
    .limit(1);
  return row ? unseal(row.secret) !== null : false;
}

/** The supervisor's authenticator off (or a waiting set-up dropped): the password confirms again. */
export async function removeTotp(userId: string): Promise<boolean> {
  const database = await db();
  const removed = await database
    .delete(staffTotp)
    .where(eq(staffTotp.userId, userId))
    .returning({ userId: staffTotp.userId });
  return removed.length > 0;
}
