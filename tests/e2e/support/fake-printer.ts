import net from "node:net";
import { E2E } from "./env";

/**
 * A network receipt printer played by a TCP listener on loopback: it keeps the bytes of every
 * connection (one job each) and answers ESC/POS real-time status questions (DLE EOT 1, 2, 4)
 * as a real printer would: ready, out of paper, cover open, or it closes the connection.
 */
export type FakePrinterMode = "ready" | "paper_out" | "cover_open" | "close";

/** Each lane's printer listens on its own port: the lane's app port + 6000 (3440 → 9440). */
export const FAKE_PRINTER_PORT = E2E.appPort + 6000;

const ANSWERS: Record<Exclude<FakePrinterMode, "close">, Record<number, number>> = {
  ready: { 1: 0x12, 2: 0x12, 4: 0x12 },
  // Offline (bit 3), stopped at paper end (bit 5), paper sensor at the end (bits 5 and 6).
  paper_out: { 1: 0x1a, 2: 0x32, 4: 0x72 },
  // Offline, cover open (bit 2).
  cover_open: { 1: 0x1a, 2: 0x16, 4: 0x12 },
};

export class FakePrinter {
  mode: FakePrinterMode = "ready";
  readonly jobs: Buffer[] = [];
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();

  async start(port = FAKE_PRINTER_PORT): Promise<void> {
    this.server = net.createServer((socket) => {
      this.sockets.add(socket);
      if (this.mode === "close") {
        socket.destroy();
        return;
      }
      const mode = this.mode;
      const chunks: Buffer[] = [];
      // Bytes before `scanned` have been checked as the start of a status question.
      let scanned = 0;
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        const all = Buffer.concat(chunks);
        while (scanned + 2 < all.length) {
          if (all[scanned] === 0x10 && all[scanned + 1] === 0x04) {
            const answer = ANSWERS[mode][all[scanned + 2]!];
            if (answer !== undefined) socket.write(Buffer.from([answer]));
            scanned += 3;
          } else scanned += 1;
        }
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.sockets.delete(socket);
        if (chunks.length) this.jobs.push(Buffer.concat(chunks));
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
