/** The public slip check's page: plain, readable on a phone, no staff chrome. */
export function VerifyFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 p-6 text-lg">
      {children}
      <form action="/verify" method="get" className="flex flex-col gap-2 border-t pt-4">
        <label htmlFor="code" className="font-medium">
          Check another slip: its code
        </label>
        <input
          id="code"
          name="code"
          required
          autoComplete="off"
          className="rounded border px-3 py-2 font-mono uppercase"
          placeholder="XXXX-XXXX-XXXX-XXXX"
        />
        <button type="submit" className="rounded bg-slate-900 px-4 py-2 text-white">
          Check
        </button>
      </form>
    </main>
  );
}
