import type { Page } from "@playwright/test";

/**
 * A USB and a serial receipt printer played inside Chromium, at the navigator.usb and
 * navigator.serial boundary (before any page script runs): each records every byte it is
 * sent and answers ESC/POS status questions (DLE EOT 1, 2, 4) as ready or out of paper. The
 * page's own code and the @point-of-sale transports run unchanged against them.
 * `localStorage["standin.paperOut"] = "1"` makes both report paper out.
 */
export async function installStandInPrinters(page: Page) {
  await page.addInitScript(() => {
    type Written = number[];
    const paperOut = () => localStorage.getItem("standin.paperOut") === "1";
    const statusByte = (n: number) =>
      paperOut() ? ({ 1: 0x1a, 2: 0x32, 4: 0x72 } as Record<number, number>)[n] : 0x12;

    function device(answer: (bytes: number[]) => void) {
      const written: Written = [];
      return {
        written,
        receive(data: Uint8Array) {
          const bytes = Array.from(data);
          written.push(...bytes);
          for (let i = 0; i + 2 < bytes.length; i++)
            if (bytes[i] === 0x10 && bytes[i + 1] === 0x04) {
              const reply = statusByte(bytes[i + 2]!);
              if (reply !== undefined) answer([reply]);
              i += 2;
            }
        },
      };
    }

    // USB: an Epson-like printer (vendor 0x04b8), one interface, bulk out and in.
    const usbAnswers: number[] = [];
    let usbWaiting: (() => void) | null = null;
    const usb = device((bytes) => {
      usbAnswers.push(...bytes);
      usbWaiting?.();
      usbWaiting = null;
    });
    class InResult {
      constructor(
        readonly status: string,
        readonly data: DataView,
      ) {}
    }
    (window as unknown as { USBInTransferResult: unknown }).USBInTransferResult = InResult;
    const usbDevice = {
      vendorId: 0x04b8,
      productId: 0x0e28,
      serialNumber: "STANDIN-USB",
      manufacturerName: "Stand-in",
      productName: "ESC/POS stand-in (USB)",
      configuration: {
        interfaces: [
          {
            interfaceNumber: 0,
            alternate: {
              endpoints: [
                { endpointNumber: 1, direction: "out" },
                { endpointNumber: 2, direction: "in" },
              ],
            },
          },
        ],
      },
      open: async () => undefined,
      close: async () => undefined,
      reset: async () => undefined,
      selectConfiguration: async () => undefined,
      claimInterface: async () => undefined,
      transferOut: async (_endpoint: number, data: BufferSource) => {
        const bytes =
          data instanceof ArrayBuffer
            ? new Uint8Array(data)
            : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        usb.receive(bytes);
        return { status: "ok", bytesWritten: bytes.byteLength };
      },
      transferIn: async (_endpoint: number, length: number) => {
        while (usbAnswers.length === 0)
          await new Promise<void>((resolve) => (usbWaiting = resolve));
        const out = Uint8Array.from(usbAnswers.splice(0, length));
        return new InResult("ok", new DataView(out.buffer));
      },
    };
    Object.defineProperty(navigator, "usb", {
      configurable: true,
      value: {
        requestDevice: async () => usbDevice,
        getDevices: async () => [usbDevice],
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });

    // Serial: the same printer behind a USB-serial adapter.
    let serialController: ReadableStreamDefaultController<Uint8Array> | null = null;
    const serial = device((bytes) => serialController?.enqueue(Uint8Array.from(bytes)));
    const port = {
      getInfo: () => ({ usbVendorId: 0x04b8, usbProductId: 0x0e28 }),
      open: async () => undefined,
      close: async () => undefined,
      readable: new ReadableStream<Uint8Array>({
        start(controller) {
          serialController = controller;
        },
      }),
      writable: new WritableStream<Uint8Array>({
        write(chunk) {
          serial.receive(chunk);
        },
      }),
    };
    Object.defineProperty(navigator, "serial", {
      configurable: true,
      value: {
        requestPort: async () => port,
        getPorts: async () => [port],
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });

    (window as unknown as { __standIn: unknown }).__standIn = {
      usb: usb.written,
      serial: serial.written,
    };
  });
}

/** Every byte the page's stand-in printer received so far. */
export async function standInBytes(page: Page, via: "usb" | "serial"): Promise<number[]> {
  return page.evaluate(
    (v) => (window as unknown as { __standIn: Record<string, number[]> }).__standIn[v]!.slice(),
    via,
  );
}
