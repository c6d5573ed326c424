import { requirePageRole } from "@/lib/auth/staff";
import { StaffBar } from "@/components/shell/staff-bar";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <>
      <StaffBar staff={staff} />
      <main className="mx-auto max-w-5xl p-4">{children}</main>
    </>
  );
}
