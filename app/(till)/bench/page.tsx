import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { RoundTrip } from "./round-trip";

export const metadata: Metadata = { title: "Server round trip" };

/** A diagnostic for a slow till: how long an empty server action takes from this browser. */
export default async function BenchPage() {
  await requirePageRole("cashier");
  return (
    <section className="flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow">
      <h1 className="text-2xl font-semibold">Server round trip</h1>
      <RoundTrip />
    </section>
  );
}
