import "server-only";
import QRCode from "qrcode";
import { SvgImage } from "./svg-image";

/**
 * A QR code of the municipality's receipt link, drawn on the server, for the customer's phone;
 * also a supervisor's authenticator set-up (`label` says which).
 */
export async function ReceiptQr({
  url,
  label = "QR code of the receipt link",
  className = "mx-auto w-32",
}: {
  url: string;
  label?: string;
  className?: string;
}) {
  let svg: string;
  try {
    svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  } catch {
    return null;
  }
  return <SvgImage svg={svg} label={label} className={className} />;
}
