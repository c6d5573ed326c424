import { KEY_CHANGE_WARNING } from "@/lib/care/key-change-words";

/** First on the slip of a sale with key-change tokens: enter them first; older tokens before. */
export function KeyChangeWarning() {
  return (
    <section
      data-key-change-warning
      aria-label="Key change"
      className="flex flex-col gap-1 border-2 border-black p-1"
    >
      <p className="text-center font-bold uppercase">{KEY_CHANGE_WARNING.title}</p>
      {KEY_CHANGE_WARNING.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
