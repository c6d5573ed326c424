"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useState } from "react";

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
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <TillContext.Provider value={till}>{children}</TillContext.Provider>
    </QueryClientProvider>
  );
}
