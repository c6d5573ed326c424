import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/staff";
import { env } from "@/lib/env";
import { RoundTrip } from "./round-trip";

export const metadata: Metadata = { title: "Server round trip" };

/**
 * How long an empty server action takes from this browser. Only in `npm run bench`'s build
 * (next.config.mjs builds `*.bench.tsx` under KASSA_BENCH_BUILD) and only while its server runs
 * with that switch against the sandbox.
 */
export default async function BenchPage() {
  await requirePageRole("cashier");
  if (!env().bench) notFound();
  return (
    <section className="flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow">
      <h1 className="text-2xl font-semibold">Server round trip</h1>
      <RoundTrip />
    </section>
  );
}
