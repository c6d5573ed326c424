import { requirePageRole } from "@/lib/auth/staff";
import { StaffBar } from "@/components/shell/staff-bar";
import { QueryProvider } from "@/components/providers/query-provider";
import { TillCardNotice } from "@/components/card/till-card-notice";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <QueryProvider>
      <StaffBar staff={staff} />
      <TillCardNotice staff={staff} />
      <main className="mx-auto max-w-5xl p-4">{children}</main>
    </QueryProvider>
  );
}
