import { randomUUID } from "node:crypto";

/**
 * This server process as the journal sees it: a random tag, sent as PostgreSQL's
 * application_name on every connection, so that one instance can ask whether another is
 * still connected (alive) before taking over a sale it was sending. On globalThis because
 * `next start` loads lib code in more than one bundle of one process.
 */
const g = globalThis as unknown as { kassaProcessTag?: string };
export const PROCESS_TAG = (g.kassaProcessTag ??= `kassa ${randomUUID()}`);
