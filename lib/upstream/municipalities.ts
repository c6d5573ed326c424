/** The core service's municipality identifiers live in lib/municipalities.ts (pure, shared with the browser). */
export * from "@/lib/municipalities";
