import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Staff } from "@/lib/auth/staff";
import { db } from "@/lib/db";
import { printJobs, type PrintJobRow } from "@/lib/db/schema";
import type { PrinterConnection } from "./connection";

/**
 * The jobs Kassa hands a till's browser for its USB or serial printer. What the browser says
 * became of a job is believed only for a job issued here, by the user it was issued to, once,
 * within JOB_LIFETIME_MS: a till cannot record a "slip printed" (or "drawer opened") for
 * anything Kassa never sent.
 */
const JOB_LIFETIME_MS = 15 * 60_000;

export async function issuePrintJob(
  staff: Staff,
  job: {
    tillId: string;
    subject: string;
    connection: PrinterConnection;
    printsSlip: boolean;
    drawer: boolean;
    detail: Record<string, unknown>;
  },
): Promise<string> {
  const database = await db();
  const [row] = await database
    .insert(printJobs)
    .values({ ...job, userId: staff.userId })
    .returning({ id: printJobs.id });
  return row!.id;
}

/** The job, marked reported in the same statement; null when unknown, someone else's, old or reported. */
export async function takePrintJob(staff: Staff, jobId: string): Promise<PrintJobRow | null> {
  const database = await db();
  const [row] = await database
    .update(printJobs)
    .set({ reportedAt: new Date() })
    .where(
      and(
        eq(printJobs.id, jobId),
        eq(printJobs.userId, staff.userId),
        isNull(printJobs.reportedAt),
        gt(printJobs.createdAt, new Date(Date.now() - JOB_LIFETIME_MS)),
      ),
    )
    .returning();
  return row ?? null;
}
