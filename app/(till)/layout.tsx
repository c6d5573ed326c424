import { requirePageRole } from "@/lib/auth/staff";
import { StaffBar } from "@/components/shell/staff-bar";
import { TillKeys } from "@/components/shell/till-keys";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <>
      <StaffBar staff={staff}>
        <TillKeys />
      </StaffBar>
      <main className="mx-auto max-w-6xl p-4">{children}</main>
    </>
  );
}
