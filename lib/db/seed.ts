import { sql } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "./open";
import { tills, users } from "./schema";

/** The demo users of the sandbox; README.md gives the same credentials. */
export const DEMO_USERS = [
  {
    username: "cashier",
    password: "cashier-demo-1",
    displayName: "Thandi Cashier",
    role: "cashier",
  },
  {
    username: "supervisor",
    password: "supervisor-demo-1",
    displayName: "Sipho Supervisor",
    role: "supervisor",
  },
  { username: "kiosk", password: "kiosk-demo-1", displayName: "Kiosk 1", role: "kiosk" },
  // A second cashier and a trainee, so that a second till and the lockout can be tried without
  // disturbing the main demo cashier.
  {
    username: "cashier2",
    password: "cashier-demo-2",
    displayName: "Lerato Cashier",
    role: "cashier",
  },
  { username: "trainee", password: "trainee-demo-1", displayName: "Trainee", role: "cashier" },
] as const;

export const DEFAULT_TILLS = [
  { id: "till-1", name: "Till 1", kind: "counter" },
  { id: "till-2", name: "Till 2", kind: "counter" },
  { id: "till-3", name: "Till 3", kind: "counter" },
  { id: "kiosk-1", name: "Kiosk 1", kind: "kiosk" },
] as const;

/**
 * Tills always exist; demo users only with the sandbox. Against a real core service no
 * default password exists: `npm run create-supervisor` makes the first supervisor.
 */
export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  await db
    .insert(tills)
    .values([...DEFAULT_TILLS])
    .onConflictDoNothing();
  if (!options.demo) return;
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users);
  if (count > 0) return;
  for (const demo of DEMO_USERS) {
    await db
      .insert(users)
      .values({
        username: demo.username,
        displayName: demo.displayName,
        role: demo.role,
        passwordHash: await hashPassword(demo.password),
      })
      .onConflictDoNothing();
  }
}
