import "server-only";
import QRCode from "qrcode";

/** A QR code of the municipality's receipt link, drawn on the server, for the customer's phone. */
export async function ReceiptQr({ url }: { url: string }) {
  let svg: string;
  try {
    svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  } catch {
    return null;
  }
  return (
    <div
      role="img"
      aria-label="QR code of the receipt link"
      className="mx-auto w-32 [&>svg]:h-auto [&>svg]:w-full"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
