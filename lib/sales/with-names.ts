import "server-only";
import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { sales, tills, users } from "@/lib/db/schema";

/**
 * Sales with the names a person reads beside them: the till's (`tillName`) and the cashier's
 * (`cashier`), besides the `fields` asked for. The caller adds its own joins and conditions.
 */
export function salesWithNames<T extends SelectedFields>(database: Db, fields: T) {
  return database
    .select({ ...fields, tillName: tills.name, cashier: users.displayName })
    .from(sales)
    .innerJoin(tills, eq(tills.id, sales.tillId))
    .innerJoin(users, eq(users.id, sales.userId));
}
