import { requirePageRole } from "@/lib/auth/staff";
import { saleAnswerLimitMs } from "@/lib/sales/answer-limit";
import { StaffBar } from "@/components/shell/staff-bar";
import { breakerState } from "@/lib/upstream";
import { TillKeys } from "@/components/shell/till-keys";
import { TillProviders } from "@/components/till/till-context";
import { TillStatusSlot } from "@/components/till/till-status-slot";
import { OfflineWorker } from "@/components/shell/offline-worker";

export default async function TillLayout({ children }: { children: React.ReactNode }) {
  const staff = await requirePageRole("cashier");
  return (
    <TillProviders cashierId={staff.userId} answerLimitMs={saleAnswerLimitMs()}>
      <OfflineWorker />
      <StaffBar staff={staff} breaker={breakerState()} live>
        <TillKeys />
        {/* Every notice of the till in one line of the bar: the sale's form keeps the screen. */}
        <TillStatusSlot
          printer={{
            connection: staff.till.printerConnection,
            answersStatus: staff.till.printerAnswersStatus,
          }}
        />
      </StaffBar>
      <main className="mx-auto max-w-6xl p-4">{children}</main>
    </TillProviders>
  );
}
