"use client";

/**
 * Kassa's own error page for a page that failed: Kassa's name, what is true (sales are kept),
 * Try again, and a way back. Kept this small on purpose: the root's error page is part of
 * every page's JavaScript, and the till's pages have no room to spare.
 */
export default function KassaError({ reset }: { reset: () => void }) {
  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="mb-4 text-2xl font-semibold">
        <span className="text-brand">Kassa</span>: this page could not be shown
      </h1>
      <p>
        Your sales are safe.{" "}
        <button type="button" onClick={reset} className="min-h-11 font-semibold underline">
          Try again
        </button>
        , or {/* A whole page load: whatever broke this page is left behind. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className="underline">
          go back to the start
        </a>
        , and check a sale you were making in History before selling it again.
      </p>
    </main>
  );
}
