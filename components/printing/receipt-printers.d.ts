// The WebUSB and Web Serial receipt printer packages ship JavaScript only; Kassa describes
// what it uses of them in components/printing/web-printer.ts.
declare module "@point-of-sale/webusb-receipt-printer" {
  const WebUSBReceiptPrinter: new () => unknown;
  export default WebUSBReceiptPrinter;
}
declare module "@point-of-sale/webserial-receipt-printer" {
  const WebSerialReceiptPrinter: new (options?: { baudRate?: number }) => unknown;
  export default WebSerialReceiptPrinter;
}
