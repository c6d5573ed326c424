import { requirePageRole } from "@/lib/auth/staff";
import { saleAnswerLimitMs } from "@/lib/sales/answer-limit";
import { StaffBar } from "@/components/shell/staff-bar";
import { TillCardNotice } from "@/components/card/till-card-notice";
import { TillProviders } from "@/components/till/till-context";
import { LastSaleBanner } from "@/components/till/last-sale-banner";
import { unseenSalesAction } from "@/lib/actions/sale";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <TillProviders cashierId={staff.userId} answerLimitMs={saleAnswerLimitMs()}>
      <StaffBar staff={staff} />
      <TillCardNotice staff={staff} />
      <main className="mx-auto max-w-5xl p-4">
        <LastSaleBanner unseenSalesAction={unseenSalesAction} />
        {children}
      </main>
    </TillProviders>
  );
}
