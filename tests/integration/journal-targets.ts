import { Client } from "pg";
import { openDb, type OpenDb } from "@/lib/db/open";

/**
 * The journals a database test runs on: PGlite (in memory) always, and PostgreSQL too when
 * TEST_DATABASE_URL is set (CI sets it), each run in an empty database of its own that is
 * dropped afterwards. `tag` names that database (kassa_<tag>_<pid>_<time>).
 */
export interface JournalTarget {
  name: "PGlite" | "PostgreSQL";
  open: () => Promise<{ db: OpenDb; drop: () => Promise<void> }>;
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function journalTargets(tag: string): JournalTarget[] {
  const targets: JournalTarget[] = [
    {
      name: "PGlite",
      open: async () => ({ db: await openDb({ memory: true }), drop: async () => {} }),
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    targets.push({
      name: "PostgreSQL",
      open: async () => {
        const name = `kassa_${tag}_${process.pid}_${Date.now()}`;
        await admin(pgUrl, `create database ${name}`);
        const url = new URL(pgUrl);
        url.pathname = `/${name}`;
        const db = await openDb({ postgresUrl: url.toString() });
        return {
          db,
          drop: async () => {
            await db.close();
            await admin(pgUrl, `drop database if exists ${name}`);
          },
        };
      },
    });
  }
  return targets;
}
