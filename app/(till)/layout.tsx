import { requirePageRole } from "@/lib/auth/staff";
import { saleAnswerLimitMs } from "@/lib/sales/answer-limit";
import { StaffBar } from "@/components/shell/staff-bar";
import { TillProviders } from "@/components/till/till-context";
import { LastSaleBanner } from "@/components/till/last-sale-banner";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <TillProviders cashierId={staff.userId} answerLimitMs={saleAnswerLimitMs()}>
      <StaffBar staff={staff} />
      <main className="mx-auto max-w-5xl p-4">
        <LastSaleBanner />
        {children}
      </main>
    </TillProviders>
  );
}
