/**
 * Completed sales of every kind as a slip reads them, for the slip tests (the printer's roll,
 * the screen and the plain slip drawn from one model).
 */
import type { SlipMerchant, SlipSale } from "@/lib/slip/model";

export const merchant: SlipMerchant = {
  merchantName: "Spaza Kassa",
  vatNumber: "4123456789",
  vatPercent: 15,
};

export const electricity: SlipSale = {
  kind: "electricity",
  method: "cash",
  request: {},
  settledAt: new Date("2026-05-04T12:03:09Z"),
  createdAt: new Date("2026-05-04T12:03:00Z"),
  result: {
    meterNumber: "01234567890",
    municipality: "tshwane_prepaid",
    customerName: "Zoë Müller-Ngcobo",
    tokens: [
      { kind: "credit", label: "x", digits: "55556666777788889999", info: null, units: 66.6 },
      { kind: "key_change", label: "x", digits: "11112222333344445555", info: null },
      { kind: "key_change", label: "x", digits: "22223333444455556666", info: null },
      { kind: "fbe", label: "x", digits: "77778888999900001111", info: "50 kWh free" },
    ],
    units: 116.6,
    amountCents: 25000,
    electricityCents: null,
    vatCents: 3261,
    charges: [{ description: "Arrears", amountCents: 2000, outstandingCents: 15000 }],
    meter: { sgc: 123456, krn: 1, ti: 7 },
    receiptNumber: "R-778899",
    at: "2026-05-04T12:03:09Z",
    utilityName: "City of Tshwane",
    utilityVatNumber: "4999888777",
    messages: ["Pay your rates by the 7th of each month to keep the lights on."],
    keyExpiryNumber: 2,
  },
};

export const bill: SlipSale = {
  kind: "bill",
  method: "card",
  request: {},
  settledAt: null,
  createdAt: new Date("2026-05-04T12:00:00Z"),
  result: {
    accountNumber: "5566778899",
    municipality: "joburg_postpaid",
    customerName: "André Pêcheur",
    amountCents: 123456,
    receiptUrl: "https://receipts.example.co.za/r/ABC123",
    receiptNumber: "BR-1",
    at: "2026-05-04T12:00:00Z",
    messages: ["Thank you for paying on time."],
  },
};

export const fines: SlipSale = {
  kind: "fines",
  method: "cash",
  settledAt: new Date("2026-05-04T12:00:00Z"),
  createdAt: new Date("2026-05-04T11:59:00Z"),
  request: {
    lookup: { kind: "registration", shown: "CA 123-456" },
    paymentType: "CASH",
    fines: [
      {
        noticeNumber: "0203-1234-5678",
        grossCents: 50000,
        netCents: 47000,
        vendorFeeCents: 3000,
        charge: "Exceeding the general speed limit of 60 km/h in a built-up area",
        date: "2026-03-01",
      },
      {
        noticeNumber: "0203-9999-0000",
        grossCents: 20000,
        netCents: 17000,
        vendorFeeCents: 3000,
        charge: "Parking",
        date: null,
      },
    ],
  },
  result: {
    orderId: "ORD-42",
    grossCents: 70000,
    netCents: 64000,
    vendorFeeCents: 6000,
    merchantFeeCents: null,
    fines: [
      {
        noticeNumber: "0203-1234-5678",
        invoiceNumber: "INV-1",
        receiptNumber: "RCPT-1",
        grossCents: 50000,
        netCents: 47000,
        vendorFeeCents: 3000,
      },
      {
        noticeNumber: "0203-9999-0000",
        invoiceNumber: null,
        receiptNumber: "RCPT-2",
        grossCents: 20000,
        netCents: 17000,
        vendorFeeCents: 3000,
      },
    ],
  },
};

export const voucher: SlipSale = {
  kind: "vas",
  method: "cash",
  request: {},
  settledAt: null,
  createdAt: new Date("2026-05-04T12:00:00Z"),
  result: {
    transactionId: "TX-9",
    productId: "p1",
    productName: "Netflix R100 gift voucher",
    category: "voucher",
    brand: "Netflix",
    amountCents: 10000,
    fees: [{ description: "Service fee", amountCents: 250 }],
    totalCents: 10250,
    recipient: null,
    pin: "1234567890123456",
    serialNumber: "SN-777",
    instructions: "Go to netflix.com/redeem and enter the PIN.\nValid for 3 years.",
    receiptNumber: "V-1",
    at: "2026-05-04T12:00:00Z",
  },
};

export const airtime: SlipSale = {
  kind: "vas",
  method: "card",
  request: {},
  settledAt: null,
  createdAt: new Date("2026-05-04T12:00:00Z"),
  result: {
    transactionId: "TX-10",
    productId: "p2",
    productName: "Vodacom airtime",
    category: "airtime",
    brand: "Vodacom",
    amountCents: 2900,
    fees: [],
    totalCents: 2900,
    recipient: "27821234567",
    pin: null,
    serialNumber: null,
    instructions: null,
    receiptNumber: "A-1",
    at: "2026-05-04T12:00:00Z",
  },
};
