import { TcpPrinter } from "../../support/tcp-printer";
import { E2E } from "./env";

/** Each lane's printer listens on its own port: the lane's app port + 6000 (3440 → 9440). */
export const FAKE_PRINTER_PORT = E2E.appPort + 6000;

/** The network printer of a lane (tests/support/tcp-printer.ts), on the lane's own port. */
export class FakePrinter extends TcpPrinter {
  override start(port = FAKE_PRINTER_PORT): Promise<void> {
    return super.start(port);
  }
}
