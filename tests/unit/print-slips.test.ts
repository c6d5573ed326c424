import { describe, expect, it } from "vitest";
import { encodeDrawerPulse, encodeSaleSlip, encodeShiftReport } from "@/lib/printing/slip-commands";
import type { SlipSale } from "@/lib/slip/model";
import { airtime, bill, electricity, fines, merchant, voucher } from "../support/slip-sales";
import { toPrinterText } from "@/lib/printing/plain-text";
import type { ShiftReport } from "@/lib/reports/shift-report";
import { printedText, readEscPos, type Printout } from "../support/escpos-reader";

/** The printed words as one flowing text: what a wrapped paragraph reads as. */
const flowing = (p: Printout) =>
  p.lines
    .map((l) => l.text.trim())
    .join(" ")
    .replace(/\s+/g, " ");

const WIDTHS = [
  { mm: 58, columns: 32 },
  { mm: 80, columns: 48 },
] as const;

const report: ShiftReport = {
  lines: [
    { kind: "electricity", method: "cash", count: 3, totalCents: 75000 },
    { kind: "bill", method: "card", count: 1, totalCents: 123456 },
  ],
  byMethod: { cash: 75000, card: 123456 },
  completedCount: 4,
  totalCents: 198456,
  openCount: 1,
  failedCount: 2,
  openingFloatCents: 50000,
  cashMovements: [
    { kind: "drop", amountCents: 40000, reason: "Safe drop", at: "2026-05-04T12:00:00Z" },
  ],
  expectedCashCents: 85000,
  countedCashCents: 84000,
  varianceCents: -1000,
};

/** Every line fits the paper: character cells × width multiplier. */
function expectWithin(p: Printout, columns: number) {
  for (const l of p.lines) expect(l.cells, `"${l.text}"`).toBeLessThanOrEqual(columns);
}

/** The cut is the last thing; the pulse, when there is one, comes before it. */
function expectEnding(p: Printout, drawer: boolean) {
  expect(p.cuts).toBe(1);
  expect(p.cutAfterLine).not.toBeNull();
  expect(p.lines.slice(p.cutAfterLine ?? 0).every((l) => l.text.trim() === "")).toBe(true);
  for (const at of p.pulseAfterLine) expect(at).toBeLessThanOrEqual(p.cutAfterLine ?? 0);
  expect(p.pulses).toBe(drawer ? 1 : 0);
  expect(p.escPulses).toBe(0);
}

describe.each(WIDTHS)("slips as ESC/POS on $mm mm paper", ({ mm, columns }) => {
  const opts = { paperWidthMm: mm, reprint: false, drawer: false };

  it("electricity: labelled tokens in keying order, large, every amount, barcode, accents taken off", () => {
    const p = readEscPos(encodeSaleSlip(electricity, merchant, { ...opts, drawer: true }));
    const text = printedText(p);
    expectWithin(p, columns);
    expectEnding(p, true);
    const order = [
      "Key change 1",
      "1111 2222 3333 4444 5555",
      "Key change 2",
      "2222 3333 4444 5555 6666",
      "Credit",
      "5555 6666 7777 8888 9999",
      "Free basic electricity",
      "7777 8888 9999 0000 1111",
    ].map((t) => text.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Each token on one line, in large type.
    const token = p.lines.find((l) => l.text.includes("5555 6666 7777 8888 9999"))!;
    expect(token.height).toBe(2);
    expect(token.text.trim()).toBe("5555 6666 7777 8888 9999");
    for (const s of [
      "Spaza Kassa",
      "TAX INVOICE",
      "R-778899",
      "2026-05-04 14:03:09",
      "Zoe Muller-Ngcobo",
      "01234567890",
      "City of Tshwane",
      "4999888777",
      "116.6 kWh",
      "66.6 kWh",
      "50 kWh free",
      "R 250,00",
      "R 32,61",
      "R 20,00",
      "R 150,00",
      "Cash",
      "123456 / 1 / 7",
      "Key expiry no.",
      "Enter the tokens in the order printed.",
    ])
      expect(flowing(p), s).toContain(s);
    expect(flowing(p)).toContain("Pay your rates by the 7th of each month to keep the lights on.");
    expect(p.barcodes).toMatchObject([{ symbology: 73, data: "01234567890" }]);
    // The meter's barcode fits the roll with its quiet zones (10 modules each side).
    const [code] = p.barcodes;
    expect(code!.widthDots! + 20 * code!.moduleDots).toBeLessThanOrEqual(columns * 12);
    // The amount split adds up: electricity = 250.00 - 32.61 VAT - 20.00 arrears.
    expect(text).toContain("R 197,39");
  });

  it("ends with the slip's check code and the QR code of its page", () => {
    const check = {
      code: "K7Q2-M9XA-3FTR-WP4D",
      url: "https://kassa.example/verify/K7Q2M9XA3FTRWP4D",
    };
    const p = readEscPos(encodeSaleSlip(bill, merchant, { ...opts, check }));
    expectWithin(p, columns);
    expect(p.qrCodes).toEqual(["https://receipts.example.co.za/r/ABC123", check.url]);
    expect(printedText(p)).toContain("K7Q2-M9XA-3FTR-WP4D");
  });

  it("electricity with a key change: the warning leads, before the merchant; free tokens marked free", () => {
    const p = readEscPos(encodeSaleSlip(electricity, merchant, opts));
    const lines = p.lines.map((l) => l.text.trim()).filter((l) => l && !/^-+$/.test(l));
    expect(lines[0]).toMatch(/^KEY CHANGE: ENTER THESE TOKENS/);
    const text = flowing(p);
    expect(text.indexOf("Enter the two key-change tokens first")).toBeLessThan(
      text.indexOf("Spaza Kassa"),
    );
    expect(text).toContain("will not load");
    expect(text.indexOf("FREE: NO CHARGE")).toBeGreaterThan(text.indexOf("Free basic electricity"));
    const plain = readEscPos(
      encodeSaleSlip(
        {
          ...electricity,
          result: {
            ...(electricity.result as object),
            tokens: [{ kind: "credit", label: "x", digits: "55556666777788889999", info: null }],
          },
        },
        merchant,
        opts,
      ),
    );
    expect(flowing(plain)).not.toContain("KEY CHANGE");
  });

  it("bill: account, holder without accents, amount, receipt link and its QR, no pulse for card", () => {
    const p = readEscPos(encodeSaleSlip(bill, merchant, opts));
    const text = printedText(p);
    expectWithin(p, columns);
    expectEnding(p, false);
    for (const s of [
      "ACCOUNT PAYMENT RECEIPT",
      "5566778899",
      "Andre Pecheur",
      "R 1 234,56",
      "Card",
      "BR-1",
      "Thank you for paying on time.",
    ])
      expect(text, s).toContain(s);
    expect(p.lines.map((l) => l.text.trim()).join("")).toContain(
      "https://receipts.example.co.za/r/ABC123",
    );
    expect(p.qrCodes).toEqual(["https://receipts.example.co.za/r/ABC123"]);
  });

  it("fines: every notice with the registry's numbers and the totals, pulse for cash", () => {
    const p = readEscPos(encodeSaleSlip(fines, merchant, { ...opts, drawer: true }));
    const text = printedText(p);
    expectWithin(p, columns);
    expectEnding(p, true);
    for (const s of [
      "Traffic fines paid",
      "Registration number",
      "0203-1234-5678",
      "R 500,00",
      "INV-1",
      "RCPT-1",
      "0203-9999-0000",
      "not given",
      "RCPT-2",
      "Offence date 2026-03-01",
      "R 640,00",
      "R 60,00",
      "R 700,00",
      "ORD-42",
    ])
      expect(text, s).toContain(s);
    expect(flowing(p)).toContain("Exceeding the general speed limit of 60 km/h in a built-up area");
  });

  it("VAS voucher: the PIN large in groups of four, the instructions, fees and total", () => {
    const p = readEscPos(encodeSaleSlip(voucher, merchant, { ...opts, drawer: true }));
    expectWithin(p, columns);
    expectEnding(p, true);
    const pin = p.lines.find((l) => l.text.includes("1234 5678 9012 3456"))!;
    expect(pin.height).toBe(2);
    for (const s of [
      "VOUCHER PIN",
      "Netflix R100 gift voucher",
      "Go to netflix.com/redeem and enter the PIN.",
      "Valid for 3 years.",
      "Service fee",
      "R 2,50",
      "R 102,50",
      "SN-777",
      "TX-9",
      "Keep this slip: the PIN is the voucher.",
    ])
      expect(flowing(p), s).toContain(s);
  });

  it("VAS airtime: the phone it went to and the amount", () => {
    const p = readEscPos(encodeSaleSlip(airtime, merchant, opts));
    const text = printedText(p);
    expectWithin(p, columns);
    expectEnding(p, false);
    expect(text).toContain("Vodacom airtime");
    expect(text).toContain("R 29,00");
    expect(text).toMatch(/082 123 4567|0821234567/);
  });

  it("a reprint is marked REPRINT at the top and the bottom", () => {
    const p = readEscPos(encodeSaleSlip(bill, merchant, { ...opts, reprint: true }));
    expectWithin(p, columns);
    const marks = p.lines.filter((l) => l.text.trim() === "REPRINT");
    expect(marks).toHaveLength(2);
    expect(p.lines.find((l) => l.text.trim())?.text.trim()).toBe("REPRINT");
    expect(
      p.lines
        .filter((l) => l.text.trim())
        .at(-1)
        ?.text.trim(),
    ).toBe("REPRINT");
  });

  it("X and Z reports: every line and amount, variance, no drawer pulse", () => {
    const meta = {
      title: "Z report",
      tillName: "Till 1",
      openedBy: "Thandi Nkosi",
      openedAt: new Date("2026-05-04T06:00:00Z"),
      closedAt: new Date("2026-05-04T16:00:00Z"),
      closedBy: "Thandi Nkosi",
      reprint: true,
    };
    const z = readEscPos(encodeShiftReport(report, meta, mm));
    expectWithin(z, columns);
    expectEnding(z, false);
    for (const s of [
      "Z report",
      "Till 1",
      "Opened 2026-05-04 08:00:00 by Thandi Nkosi",
      "Closed 2026-05-04 18:00:00",
      "Cash x 3",
      "R 750,00",
      "Card x 1",
      "R 1 234,56",
      "Total (4)",
      "R 1 984,56",
      "Opening float",
      "R 500,00",
      "-R 400,00",
      "Expected cash",
      "R 850,00",
      "R 840,00",
      "(short)",
      "1 sale(s) not confirmed",
      "2 failed sale(s)",
    ])
      expect(flowing(z), s).toContain(s);
    expect(z.lines.filter((l) => l.text.trim() === "REPRINT")).toHaveLength(2);
    const x = printedText(
      readEscPos(encodeShiftReport(report, { ...meta, title: "X report", blind: true }, mm)),
    );
    expect(x).toContain("X report");
    expect(x).not.toContain("Expected cash");
  });

  it("Z report: the record's checkpoint as a QR code and short code, and the record key", () => {
    const meta = { title: "Z report", tillName: "Till 1", openedBy: "T", openedAt: new Date() };
    const record = {
      checkpoint: { shortCode: "#40 ABCD-EF01-2345-6789", qrText: '{"kind":"z","seq":40}' },
      publicKey: "K".repeat(43) + "=",
      fingerprint: "3F9A 11C2 7B04 E8D1",
    };
    const z = readEscPos(encodeShiftReport(report, meta, mm, record));
    expectWithin(z, columns);
    expect(z.qrCodes).toEqual(['{"kind":"z","seq":40}']);
    for (const s of ["Record checkpoint #40 ABCD-EF01-2345-6789", "Record key 3F9A 11C2 7B04 E8D1"])
      expect(flowing(z), s).toContain(s);
  });
});

describe("the meter's barcode on the roll", () => {
  const withMeter = (meterNumber: string): SlipSale => ({
    ...electricity,
    result: { ...(electricity.result as object), meterNumber },
  });
  const slipOf = (meterNumber: string, mm: number) =>
    readEscPos(
      encodeSaleSlip(withMeter(meterNumber), merchant, {
        paperWidthMm: mm,
        reprint: false,
        drawer: false,
      }),
    );

  it("fits a cheap 58 mm printer's 384 dots, for 11- to 20-digit meters", () => {
    for (const meter of ["01234567890", "0123456789012", "01234567890123456789"]) {
      const p = slipOf(meter, 58);
      expect(p.barcodes, meter).toHaveLength(1);
      const [code] = p.barcodes;
      expect(code!.data).toBe(meter);
      expect(code!.widthDots! + 20 * code!.moduleDots, meter).toBeLessThanOrEqual(384);
      // At least two dots a module: one-dot bars are too thin for a till's scanner.
      expect(code!.moduleDots).toBeGreaterThanOrEqual(2);
    }
  });

  it("prints wider modules where the roll has room (80 mm: 576 dots)", () => {
    const wide = slipOf("01234567890", 80).barcodes[0]!;
    expect(wide.moduleDots).toBe(3);
    expect(wide.widthDots! + 20 * wide.moduleDots).toBeLessThanOrEqual(576);
  });

  it("leaves out a barcode that cannot fit, and the meter's digits still print", () => {
    const meter = "1234567890".repeat(4);
    const p = slipOf(meter, 58);
    expect(p.barcodes).toEqual([]);
    expect(flowing(p).replace(/\s/g, "")).toContain(meter);
  });
});

describe("text every printer has", () => {
  it("prints names and text in plain ASCII, transliterated, with no code page switch", () => {
    const curly = {
      ...bill,
      result: { ...(bill.result as object), customerName: "Thandi’s “Corner” Shop — Ōmā" },
    };
    const bytes = encodeSaleSlip(
      curly,
      { ...merchant, merchantName: "Joe’s Spaza – Soweto" },
      {
        paperWidthMm: 58,
        reprint: false,
        drawer: false,
      },
    );
    // Only 7-bit characters print: nothing depends on a printer's code page.
    for (const line of readEscPos(bytes).lines) expect(line.text).toMatch(/^[\x20-\x7e]*$/);
    // ESC t n: only the reset's cp437 (0), never a switch to another page.
    for (let i = 0; i + 2 < bytes.length; i++)
      if (bytes[i] === 0x1b && bytes[i + 1] === 0x74) expect(bytes[i + 2]).toBe(0);
    const text = flowing(readEscPos(bytes));
    expect(text).toContain("Joe's Spaza - Soweto");
    expect(text).toContain(`Thandi's "Corner" Shop - Oma`);
  });

  it("takes ligatures apart and never passes a control byte on to the printer", () => {
    expect(toPrinterText("\ufb01ne Stra\u00dfe\u00a0\u2116 5")).toBe("fine Strasse No 5");
    expect(toPrinterText("Bad\x1b@name\x07")).toBe("Bad?@name?");
    expect(toPrinterText("\u6771\u4eac")).toBe("??");
  });
});

describe("drawer pulse", () => {
  it("alone: one real-time pulse (DLE DC4 1 0 t, pin 2), nothing printed, no cut", () => {
    const bytes = encodeDrawerPulse();
    const p = readEscPos(bytes);
    // Real time: an Epson out of paper holds ESC p until the roll is changed, not DLE DC4.
    expect([...bytes.slice(0, 4)]).toEqual([0x10, 0x14, 0x01, 0x00]);
    expect(p.pulses).toBe(1);
    expect(p.escPulses).toBe(0);
    expect(p.cuts).toBe(0);
    expect(printedText(p).trim()).toBe("");
  });
});
