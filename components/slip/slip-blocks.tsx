import type { SlipBlock, SlipMarks } from "@/lib/slip/model";
import { ReceiptQr } from "./receipt-qr";
import { SlipBarcode } from "./slip-barcode";
import { SlipLine, dataOf } from "./slip-frame";
import { SlipHeader, UtilityMessages } from "./slip-header";
import { SlipTokens } from "./slip-tokens";

/**
 * A slip model's blocks on screen (lib/slip/model.ts): dashed lines and boxes where the
 * printer draws rules, the barcode and QR code drawn on the server as SVG. The printer's
 * roll draws the same blocks (lib/printing/slip-blocks.ts).
 */
export function SlipBlocks({ blocks }: { blocks: readonly SlipBlock[] }) {
  return blocks.map((block, i) => <SlipBlockView key={i} block={block} />);
}

const RULED = "flex flex-col border-t border-dashed border-black pt-1";

function SlipBlockView({ block }: { block: SlipBlock }) {
  switch (block.type) {
    case "header":
      return <SlipHeader {...block} />;
    case "warning":
      return (
        <section
          {...dataOf(block.marks)}
          aria-label={block.label}
          className="flex flex-col gap-1 border-2 border-black p-1"
        >
          <p className="text-center font-bold uppercase">{block.title}</p>
          {block.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      );
    case "section":
      return (
        <section className={RULED}>
          <SlipBlocks blocks={block.blocks} />
        </section>
      );
    case "group":
      return (
        <div className="flex flex-col gap-2" {...dataOf(block.marks)}>
          <SlipBlocks blocks={block.blocks} />
        </div>
      );
    case "entries":
      return (
        <ol className="flex flex-col gap-2">
          {block.entries.map((entry, i) => (
            <li key={i} {...dataOf(entry.marks)} className={RULED}>
              <SlipBlocks blocks={entry.blocks} />
            </li>
          ))}
        </ol>
      );
    case "title":
      return <p className="font-bold">{block.text}</p>;
    case "pair":
      return <SlipLine {...block} />;
    case "text":
      return (
        <p className="whitespace-pre-line" {...dataOf(block.marks)}>
          {block.text}
        </p>
      );
    case "centre":
      return (
        <p
          className={block.strong ? "text-center font-bold" : "text-center"}
          {...dataOf(block.marks)}
        >
          {block.text}
        </p>
      );
    case "tokens":
      return <SlipTokens tokens={block.tokens} />;
    case "printed":
      return (
        <pre data-printed-token className="whitespace-pre-wrap border border-black p-1 font-bold">
          {block.text}
        </pre>
      );
    case "pin":
      return (
        <Boxed title={block.title}>
          <p className="text-lg leading-tight font-bold tracking-wider" {...dataOf(block.marks)}>
            {block.pin}
          </p>
        </Boxed>
      );
    case "withheld":
      return (
        <Boxed title={block.title} marks={block.marks}>
          <p>{block.note}</p>
        </Boxed>
      );
    case "barcode":
      return <SlipBarcode value={block.value} label={block.label} />;
    case "link":
      return (
        <section className="flex flex-col items-center gap-1 border-t border-dashed border-black pt-1">
          <p>{block.caption}</p>
          <a href={block.url} className="break-all underline" data-receipt-link>
            {block.url}
          </a>
          <ReceiptQr url={block.url} />
        </section>
      );
    case "messages":
      return <UtilityMessages messages={block.messages} from={block.from} />;
  }
}

/** A PIN, or what stands where it is kept off, between heavy lines. */
function Boxed({
  title,
  marks = {},
  children,
}: {
  title: string;
  marks?: SlipMarks;
  children: React.ReactNode;
}) {
  return (
    <section className="border-y-2 border-black py-2 text-center" {...dataOf(marks)}>
      <p className="font-bold uppercase">{title}</p>
      {children}
    </section>
  );
}
