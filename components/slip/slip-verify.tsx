import "server-only";
import QRCode from "qrcode";
import { env } from "@/lib/env";
import { slipCheckOf } from "@/lib/record/slip-url";

/**
 * The foot of every slip: its code and a QR code of the public page that says whether this
 * shop's record holds the slip (lib/record/slip-check.ts). Drawn on the server as SVG, so the
 * till's page carries no QR code library.
 */
export async function SlipVerify({ saleId }: { saleId: string }) {
  const { code, url } = slipCheckOf(saleId);
  let svg: string | null = null;
  try {
    svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  } catch {
    // The code alone still checks the slip.
  }
  return (
    <div className="flex flex-col items-center gap-1 border-t border-dashed border-black pt-2 text-center">
      {svg && (
        <div
          role="img"
          aria-label="QR code to check this slip"
          className="w-24 [&>svg]:h-auto [&>svg]:w-full"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <p>
        Check this slip at {env().publicUrl}/verify
        <br />
        <span className="font-mono font-bold" data-testid="slip-code" data-href={url}>
          {code}
        </span>
      </p>
    </div>
  );
}
