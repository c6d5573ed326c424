/** The QR code of the hosted checkout (SVG drawn on the server) and the same address as a short link. */
export function PaymentQr({ url, qrSvg }: { url: string; qrSvg: string }) {
  const short = url.replace(/^https?:\/\//, "");
  return (
    <div className="flex flex-wrap items-center gap-6">
      {/* An <img> of the SVG: the markup is never injected into the page. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="QR code of the card payment page"
        width={220}
        height={220}
        className="rounded bg-white p-2"
      />
      <div className="flex max-w-full min-w-0 flex-col gap-1">
        <p>Or open this link on the customer&apos;s phone:</p>
        {/* One line, whole: an address broken in the middle is copied wrong. Too long for the
            screen, it scrolls sideways rather than wrap. */}
        <p className="max-w-full overflow-x-auto">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="card-payment-link"
            className="font-mono whitespace-nowrap text-blue-800 underline"
          >
            {short}
          </a>
        </p>
      </div>
    </div>
  );
}
