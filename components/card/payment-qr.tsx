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
      <p className="max-w-xs break-all">
        Or open this link on the customer&apos;s phone:{" "}
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="card-payment-link"
          className="font-mono text-blue-800 underline"
        >
          {short}
        </a>
      </p>
    </div>
  );
}
