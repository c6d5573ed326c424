import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";

export const metadata: Metadata = { title: "Back office" };

export default async function OfficeHome({ searchParams }: { searchParams: Promise<{ refused?: string }> }) {
  const staff = await requirePageRole("supervisor");
  const { refused } = await searchParams;
  return (
    <div className="flex flex-col gap-4">
      {refused && (
        <p role="alert" className="rounded bg-amber-100 p-3 text-amber-900">
          That page is for another role.
        </p>
      )}
      <h1 className="text-2xl font-semibold">Back office</h1>
      <p>Welcome, {staff.name}. The day at a glance appears here.</p>
    </div>
  );
}
