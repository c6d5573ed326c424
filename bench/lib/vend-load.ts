import { callAction, type ManifestAction, type Session } from "./kassa-client";
import { summarise, timedPool, type Summary } from "./stats";

/** Normal meters of the four prepaid municipalities (docs/sandbox.md); R 30 is in every range. */
export const METERS = [
  { meterNumber: "01100000007", municipality: "tshwane_prepaid" },
  { meterNumber: "02100000005", municipality: "zeerust_prepaid" },
  { meterNumber: "03100000003", municipality: "mogale_prepaid" },
  { meterNumber: "04100000001", municipality: "ngwathe_prepaid" },
];

// Every vend of a run its own amount (R 30,01, R 30,02 ...): the same meter for the same amount
// within minutes is a repeat the till asks about ("Sell again?"), not a new customer.
let vends = 0;

export function vendInput(i: number) {
  vends += 1;
  return {
    ...METERS[i % METERS.length]!,
    amount: (30 + (vends % 2000) / 100).toFixed(2),
    method: "cash",
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * One cash vend through the real purchase action: the answer comes back only after the
 * journal row is settled, so the round trip on loopback is the vend's server time.
 */
export async function vendOnce(
  session: Session,
  purchase: ManifestAction,
  i: number,
): Promise<void> {
  const call = await callAction(session, purchase, vendInput(i));
  const data = call.result?.data as { status?: string } | undefined;
  if (call.status !== 200 || !call.result?.ok || data?.status !== "completed") {
    throw new Error(
      `vend ${i} did not complete: ${call.status} ${JSON.stringify(call.result) ?? call.body.slice(0, 200)}`,
    );
  }
}

export async function emptyOnce(session: Session, empty: ManifestAction): Promise<void> {
  const call = await callAction(session, empty, {});
  if (call.status !== 200 || !call.result?.ok)
    throw new Error(`empty action failed: ${call.status} ${call.body.slice(0, 200)}`);
}

export interface LevelResult {
  tills: number;
  vend: Summary;
  empty: Summary;
  /** vend p50 ÷ empty p50, measured back to back at the same concurrency. */
  ratioP50: number;
  ratioP99: number;
}

/**
 * At `tills` concurrent tills: the empty action and the vend, the same number of times each,
 * in alternating batches (empty, vend, empty, vend …) of at least twice `tills` calls, so that
 * a change in the machine's load during the level weighs on both alike.
 */
export async function measureLevel(
  sessions: Session[],
  purchase: ManifestAction,
  empty: ManifestAction,
  tills: number,
  total: number,
): Promise<LevelResult> {
  const till = (i: number) => sessions[i % sessions.length]!;
  const rounds = Math.max(1, Math.min(5, Math.floor(total / (2 * tills))));
  const emptyMs: number[] = [];
  const vendMs: number[] = [];
  for (let round = 0, done = 0; round < rounds; round++) {
    const batch = Math.round(((round + 1) * total) / rounds) - done;
    emptyMs.push(...(await timedPool(batch, tills, (i) => emptyOnce(till(done + i), empty))));
    vendMs.push(
      ...(await timedPool(batch, tills, (i) => vendOnce(till(done + i), purchase, done + i))),
    );
    done += batch;
  }
  const vend = summarise(vendMs);
  const emptyS = summarise(emptyMs);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    tills,
    vend,
    empty: emptyS,
    ratioP50: ratio(vend.p50, emptyS.p50),
    ratioP99: ratio(vend.p99, emptyS.p99),
  };
}

/** The process's journal counters, as the empty action reads them (lib/db/round-trips.ts). */
export async function emptyCounts(
  session: Session,
  empty: ManifestAction,
): Promise<{ roundTrips: number; statements: number }> {
  const call = await callAction(session, empty, {});
  const journal = (
    call.result?.data as { journal?: { roundTrips: number; statements: number } } | undefined
  )?.journal;
  if (!call.result?.ok || !journal)
    throw new Error(
      `empty action gave no journal counts: ${call.status} ${call.body.slice(0, 200)}`,
    );
  return journal;
}
