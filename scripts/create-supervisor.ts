/**
 * `npm run create-supervisor [-- --username NAME --password SECRET --name "Display Name"]`
 * Against a real core service no default password exists: this makes the first supervisor.
 * It opens the journal database as the app would (DATABASE_URL or KASSA_DATA_DIR); with
 * PGlite the app must be stopped first (the folder lock refuses a second process).
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { openDb } from "../lib/db/open";
import { seed } from "../lib/db/seed";
import { auditEvents, users } from "../lib/db/schema";
import { parseEnv } from "../lib/env-schema";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../lib/auth/password";
import { keepNewFilesPrivate } from "../lib/security/private-files";
import { passwordProblem } from "../lib/auth/password-strength";

// What this script writes (journal files, backups) is its user's alone, whatever the shell's umask.
keepNewFilesPrivate();

const USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/;

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (s: string) => write(s.startsWith(question) ? question : "");
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden && process.stdin.isTTY) process.stdout.write("\n");
  return answer.trim();
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
    },
  });
  const username = (values.username ?? (await ask("Supervisor user name: "))).toLowerCase();
  if (!USERNAME.test(username))
    throw new Error(
      "The user name needs 3 to 32 characters: letters, digits, dot, dash or underscore.",
    );
  const displayName =
    values.name ?? (values.username ? username : (await ask("Display name: ")) || username);
  const password =
    values.password ?? (await ask(`Password (at least ${MIN_PASSWORD_LENGTH} characters): `, true));
  // The same rules as a new user in the office: length, no user name, not a common password.
  const problem = passwordProblem(password, username);
  if (problem) throw new Error(problem);

  const env = parseEnv(process.env);
  const opened = await openDb(
    env.databaseUrl ? { postgresUrl: env.databaseUrl } : { pgliteDir: env.dataDir },
  );
  try {
    await seed(opened.db, { demo: false });
    const [row] = await opened.db
      .insert(users)
      .values({
        username,
        displayName,
        role: "supervisor",
        passwordHash: await hashPassword(password),
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!row) throw new Error(`The user name ${username} is taken.`);
    await opened.db.insert(auditEvents).values({
      userId: null,
      username: "create-supervisor",
      role: "system",
      kind: "user_created",
      subject: username,
      detail: { userId: row.id, role: "supervisor", via: "npm run create-supervisor" },
    });
    console.log(`Created supervisor ${username} (${opened.kind}).`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
