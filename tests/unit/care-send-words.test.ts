import { describe, expect, it } from "vitest";
import { checkAddress, maskAddress } from "@/lib/care/address";
import { sendMessageFor } from "@/lib/care/message";

const electricity = (kinds: ("key_change" | "credit" | "fbe")[]) => ({
  kind: "electricity" as const,
  result: {
    meterNumber: "01300000005",
    municipality: "tshwane_prepaid",
    customerName: "Pieter Botha",
    tokens: kinds.map((kind, i) => ({
      kind,
      label: kind,
      digits: String(i + 1).repeat(20),
      info: null,
    })),
    units: 10,
    amountCents: 5000,
    electricityCents: 4348,
    vatCents: 652,
    charges: [],
    meter: { sgc: 201317, krn: 2, ti: 1 },
    receiptNumber: "TSW100",
    at: "2026-11-20T08:00:00.000Z",
  },
});

describe("what a send carries", () => {
  it("a key-change sale: the warning first, then the tokens in order, and no name", () => {
    const m = sendMessageFor(electricity(["credit", "key_change", "key_change", "fbe"]), "Shop")!;
    const lines = m.text.split("\n");
    expect(lines[1]).toMatch(/key-change tokens first/);
    expect(lines.slice(-4)).toEqual([
      "Key change 1: 2222 2222 2222 2222 2222",
      "Key change 2: 3333 3333 3333 3333 3333",
      "Credit: 1111 1111 1111 1111 1111",
      "Free basic electricity (Free: no charge): 4444 4444 4444 4444 4444",
    ]);
    expect(m.text).not.toContain("Botha");
    expect(m.carriesPin).toBe(false);
  });

  it("a voucher carries its PIN and instructions; airtime and fines carry nothing", () => {
    const vas = (pin: string | null) => ({
      kind: "vas" as const,
      result: {
        transactionId: "T1",
        productId: "P1",
        productName: "Netflorist R100",
        category: "voucher",
        brand: "Netflorist",
        amountCents: 10000,
        fees: [],
        totalCents: 10000,
        recipient: null,
        pin,
        serialNumber: null,
        instructions: "Redeem online.",
        receiptNumber: "V1",
        at: "2026-11-20T08:00:00.000Z",
      },
    });
    expect(sendMessageFor(vas("1234567812345678"), "Shop")).toMatchObject({
      carriesPin: true,
      text: expect.stringContaining("PIN: 1234 5678 1234 5678\nRedeem online."),
    });
    expect(sendMessageFor(vas(null), "Shop")).toBeNull();
    expect(sendMessageFor({ kind: "fines", result: {} }, "Shop")).toBeNull();
  });
});

describe("the number or address typed", () => {
  it("takes South African mobile numbers and e-mail addresses, and masks them", () => {
    expect(checkAddress("sms", "082 555 0123")).toEqual({ ok: true, address: "27825550123" });
    expect(maskAddress("sms", "27825550123")).toBe("082 *** **23");
    expect(checkAddress("email", " Thabo@Example.co.za ")).toEqual({
      ok: true,
      address: "thabo@example.co.za",
    });
    expect(maskAddress("email", "thabo@example.co.za")).toBe("t***@e***.co.za");
  });

  it("refuses a landline, a short number and a broken address with the field's message", () => {
    for (const typed of ["012 555 0123", "08255501", "+44 7700 900123"])
      expect(checkAddress("sms", typed)).toMatchObject({ ok: false, message: /mobile number/ });
    for (const typed of ["thabo@", "thabo example.co.za", "a@b", "<x>@y.co.za"])
      expect(checkAddress("email", typed)).toMatchObject({ ok: false, message: /e-mail address/ });
  });
});
