import { requirePageRole } from "@/lib/auth/staff";
import { StaffBar } from "@/components/shell/staff-bar";
import { breakerState } from "@/lib/upstream";

/** A signed-in person's own account (their password): cashiers and supervisors, no till providers. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier", "supervisor");
  return (
    <>
      <StaffBar staff={staff} breaker={breakerState()} />
      <main className="mx-auto max-w-3xl p-4">{children}</main>
    </>
  );
}
