import { requirePageRole } from "@/lib/auth/staff";
import { saleAnswerLimitMs } from "@/lib/sales/answer-limit";
import { StaffBar } from "@/components/shell/staff-bar";
import { TillKeys } from "@/components/shell/till-keys";
import { TillCardNotice } from "@/components/card/till-card-notice";
import { TillProviders } from "@/components/till/till-context";
import { LastSaleBanner } from "@/components/till/last-sale-banner";
import { PrinterBanner } from "@/components/printing/printer-banner";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <TillProviders cashierId={staff.userId} answerLimitMs={saleAnswerLimitMs()}>
      <StaffBar staff={staff} live>
        <TillKeys />
      </StaffBar>
      <TillCardNotice staff={staff} />
      <main className="mx-auto max-w-6xl p-4">
        <PrinterBanner connection={staff.till.printerConnection} />
        <LastSaleBanner />
        {children}
      </main>
    </TillProviders>
  );
}
