"use client";

import { createContext, useContext } from "react";
import { QueryProvider } from "@/components/shell/query-provider";

interface Till {
  /** The signed-in cashier: sale keys and unseen slips are kept per cashier at a shared till. */
  cashierId: string;
  /** How long the server may take to answer a purchase (upstream timeout × attempts and backoffs). */
  answerLimitMs: number;
}

const TillContext = createContext<Till | null>(null);

export function useTill(): Till {
  const till = useContext(TillContext);
  if (!till) throw new Error("useTill outside <TillProviders>");
  return till;
}

/** react-query and the till's facts for every client piece of a till page. */
export function TillProviders({ children, ...till }: Till & { children: React.ReactNode }) {
  return (
    <QueryProvider>
      <TillContext.Provider value={till}>{children}</TillContext.Provider>
    </QueryProvider>
  );
}
