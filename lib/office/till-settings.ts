import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { tills, type Till } from "@/lib/db/schema";
import { audit } from "@/lib/audit";
import { actorOf } from "@/lib/auth/actor";
import { approvalDetail, type Approved } from "@/lib/auth/approval";
import { DEFAULT_PRINTER_PORT, type PrinterConnection } from "@/lib/printing/connection";

/** Every enrolled device, counter tills first, for the supervisor's paper and printing list. */
export async function listTills(): Promise<Till[]> {
  const database = await db();
  return database.select().from(tills).orderBy(tills.kind, asc(tills.name));
}

export async function findTill(id: string): Promise<Till | null> {
  const database = await db();
  const [row] = await database.select().from(tills).where(eq(tills.id, id)).limit(1);
  return row ?? null;
}

/**
 * Paper width, auto-print and printer connection of one till; audited with before and after.
 * Only a network printer keeps an address: the server connects to nothing else.
 */
export async function saveTillSettings(
  staff: Approved,
  id: string,
  input: {
    paperWidthMm: "58" | "80";
    autoPrint: boolean;
    printerConnection: PrinterConnection;
    printerHost: string;
    printerPort: string;
    printerAnswersStatus: boolean;
  },
): Promise<Till | null> {
  const before = await findTill(id);
  if (!before) return null;
  const network = input.printerConnection === "network";
  const values = {
    paperWidthMm: Number(input.paperWidthMm),
    autoPrint: input.autoPrint,
    printerConnection: input.printerConnection,
    printerHost: network ? input.printerHost : null,
    printerPort: network ? Number(input.printerPort || DEFAULT_PRINTER_PORT) : null,
    printerAnswersStatus: input.printerAnswersStatus,
  };
  const database = await db();
  const [after] = await database.update(tills).set(values).where(eq(tills.id, id)).returning();
  await audit(actorOf(staff), "setting_changed", `till:${id}`, {
    from: {
      paperWidthMm: before.paperWidthMm,
      autoPrint: before.autoPrint,
      printerConnection: before.printerConnection,
      printerHost: before.printerHost,
      printerPort: before.printerPort,
      printerAnswersStatus: before.printerAnswersStatus,
    },
    to: values,
    ...approvalDetail(staff),
  });
  return after ?? null;
}
