/** What a person must see before going on: amber, and read out as it appears (role="alert"). */
export function Warning({ testId, children }: { testId?: string; children: React.ReactNode }) {
  return (
    <p role="alert" data-testid={testId} className="rounded bg-amber-100 p-3 text-amber-900">
      {children}
    </p>
  );
}
