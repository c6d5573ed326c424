import "server-only";
import bwipjs from "bwip-js/node";
import { SvgImage } from "./svg-image";

/** A Code 128 barcode (the meter number), drawn on the server, that the next sale can scan. */
export function SlipBarcode({ value, label }: { value: string; label: string }) {
  let svg: string;
  try {
    svg = bwipjs.toSVG({
      bcid: "code128",
      text: value,
      height: 8,
      includetext: true,
      textxalign: "center",
    });
  } catch {
    // A barcode that cannot be drawn must not cost the customer their slip.
    return null;
  }
  return <SvgImage svg={svg} label={label} className="mx-auto w-full" />;
}
