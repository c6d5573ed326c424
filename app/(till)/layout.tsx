import { requirePageRole } from "@/lib/auth/staff";
import { saleAnswerLimitMs } from "@/lib/sales/answer-limit";
import { StaffBar } from "@/components/shell/staff-bar";
import { TillKeys } from "@/components/shell/till-keys";
import { TillProviders } from "@/components/till/till-context";
import { LastSaleBanner } from "@/components/till/last-sale-banner";
import { unseenSalesAction } from "./history/actions";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <TillProviders cashierId={staff.userId} answerLimitMs={saleAnswerLimitMs()}>
      <StaffBar staff={staff}>
        <TillKeys />
      </StaffBar>
      <main className="mx-auto max-w-6xl p-4">
        <LastSaleBanner unseenSalesAction={unseenSalesAction} />
        {children}
      </main>
    </TillProviders>
  );
}
