import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import { tills, type Till } from "@/lib/db/schema";
import { audit, type Actor } from "@/lib/audit";
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
  actor: Actor,
  id: string,
  input: {
    paperWidthMm: "58" | "80";
    autoPrint: boolean;
    printerConnection: PrinterConnection;
    printerHost: string;
    printerPort: string;
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
  };
  const database = await db();
  const [after] = await database.update(tills).set(values).where(eq(tills.id, id)).returning();
  await audit(actor, "setting_changed", `till:${id}`, {
    from: {
      paperWidthMm: before.paperWidthMm,
      autoPrint: before.autoPrint,
      printerConnection: before.printerConnection,
      printerHost: before.printerHost,
      printerPort: before.printerPort,
    },
    to: values,
  });
  return after ?? null;
}
