import net from "node:net";

/**
 * A network receipt printer played by a TCP listener on loopback: it keeps the bytes of every
 * connection (one job each) and answers ESC/POS real-time status questions (DLE EOT 1, 2, 4)
 * as a real printer would, or misbehaves as some do:
 * - ready, paper_low (prints, near-end sensor on), paper_out, cover_open;
 * - close: hangs up at once;
 * - silent: takes the connection and never says a word (a port that is open but no printer);
 * - hold: answers the first status question only, takes the job and never hangs up;
 * - mute: answers no status question but takes the job (a print server without status).
 */
export type TcpPrinterMode =
  "ready" | "paper_low" | "paper_out" | "cover_open" | "close" | "silent" | "hold" | "mute";

const ANSWERS: Record<
  "ready" | "paper_low" | "paper_out" | "cover_open",
  Record<number, number>
> = {
  ready: { 1: 0x12, 2: 0x12, 4: 0x12 },
  // The roll's near-end sensor (DLE EOT 4, bits 2 and 3).
  paper_low: { 1: 0x12, 2: 0x12, 4: 0x1e },
  // Offline (bit 3), stopped at paper end (bit 5), paper sensor at the end (bits 5 and 6).
  paper_out: { 1: 0x1a, 2: 0x32, 4: 0x72 },
  // Offline, cover open (bit 2).
  cover_open: { 1: 0x1a, 2: 0x16, 4: 0x12 },
};

export class TcpPrinter {
  mode: TcpPrinterMode = "ready";
  readonly jobs: Buffer[] = [];
  /** Connections taken, and how many of them have closed. */
  connections = 0;
  closed = 0;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();

  get port(): number {
    const address = this.server?.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    return address.port;
  }

  async start(port = 0): Promise<void> {
    // Half-open allowed: a printer that never hangs up keeps its side open after Kassa's FIN.
    this.server = net.createServer({ allowHalfOpen: true }, (socket) => {
      this.connections += 1;
      this.sockets.add(socket);
      const mode = this.mode;
      const chunks: Buffer[] = [];
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.closed += 1;
        this.sockets.delete(socket);
        if (chunks.length) this.jobs.push(Buffer.concat(chunks));
      });
      if (mode === "close") {
        socket.destroy();
        return;
      }
      // Bytes before `scanned` have been checked as the start of a status question.
      let scanned = 0;
      let answered = 0;
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        const all = Buffer.concat(chunks);
        while (scanned + 2 < all.length) {
          if (all[scanned] === 0x10 && all[scanned + 1] === 0x04) {
            const table = mode in ANSWERS ? ANSWERS[mode as keyof typeof ANSWERS] : ANSWERS.ready;
            const answer = table[all[scanned + 2]!];
            const speaks =
              mode !== "silent" && mode !== "mute" && (mode !== "hold" || answered < 3);
            if (answer !== undefined && speaks) {
              socket.write(Buffer.from([answer]));
              answered += 1;
            }
            scanned += 3;
          } else scanned += 1;
        }
      });
      // A printer hangs up when Kassa does, except the one that never does: it keeps talking
      // (a NUL now and then), which is also how it learns that Kassa dropped the connection.
      socket.on("end", () => {
        if (mode !== "hold") return socket.end();
        const talk = setInterval(() => socket.write(Buffer.from([0])), 50);
        socket.on("close", () => clearInterval(talk));
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
