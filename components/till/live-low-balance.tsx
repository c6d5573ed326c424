"use client";

import { useQuery } from "@tanstack/react-query";
import type { BalanceView } from "@/lib/office/balance-view";
import { LowBalanceNotice } from "@/components/shell/low-balance-notice";

/** How often the till asks again; the server caches the core service's answer for a minute anyway. */
const BALANCE_EVERY_MS = 60_000;

async function fetchBalance(): Promise<BalanceView> {
  const response = await fetch("/api/merchant/balance", { cache: "no-store" });
  if (!response.ok) throw new Error(`balance answered ${response.status}`);
  return (await response.json()) as BalanceView;
}

/** The till home's low-balance warning, kept fresh while the till stays open on it. */
export function LiveLowBalance({ initial }: { initial: BalanceView }) {
  const { data } = useQuery({
    queryKey: ["merchant-balance"],
    queryFn: fetchBalance,
    initialData: initial,
    refetchInterval: BALANCE_EVERY_MS,
  });
  return <LowBalanceNotice view={data} />;
}
