import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import {
  issueVoucher,
  issueVoucherSql,
  issuedVoucherOf,
  normaliseVoucherCode,
  selectVoucher,
  VOUCHER_CODE_ALPHABET,
  voucherCode,
  voucherOf,
  type VoucherRow,
} from "./vouchers";

const NOW = new Date("2026-03-02T10:00:00Z");

describe("voucherCode", () => {
  it("writes 60 random bits as <SHOP>-XXXX-XXXX-XXXX in Crockford's base32", () => {
    const code = voucherCode("nl");
    expect(code).toMatch(/^NL-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("uses exactly the first 60 bits of the random bytes", () => {
    const zeros = voucherCode("DE", (bytes) => bytes.fill(0));
    expect(zeros).toBe("DE-0000-0000-0000");
    const ones = voucherCode("DE", (bytes) => bytes.fill(0xff));
    expect(ones).toBe("DE-ZZZZ-ZZZZ-ZZZZ");
    // 0x0123456789abcdef >> 4 = 0x0123456789abcde: 60 bits, 5 per character from the top.
    const known = voucherCode("AT", (bytes) => bytes.set([0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef]));
    let value = 0x0123456789abcden;
    let expected = "";
    for (let i = 0; i < 12; i++) {
      expected = VOUCHER_CODE_ALPHABET[Number(value & 31n)]! + expected;
      value >>= 5n;
    }
    expect(known).toBe(`AT-${expected.slice(0, 4)}-${expected.slice(4, 8)}-${expected.slice(8)}`);
  });

  it("draws different codes", () => {
    const codes = new Set(Array.from({ length: 500 }, () => voucherCode("DE")));
    expect(codes.size).toBe(500);
  });
});

describe("normaliseVoucherCode", () => {
  it("takes the code trimmed, in any case, with dashes and spaces optional", () => {
    for (const typed of ["NL-7KQ2-M9XH-4TPB", " nl-7kq2-m9xh-4tpb ", "nl7kq2m9xh4tpb", "NL 7KQ2 M9XH 4TPB", "NL-7KQ2M9XH4TPB"]) {
      expect(normaliseVoucherCode(typed)).toBe("NL-7KQ2-M9XH-4TPB");
    }
    expect(normaliseVoucherCode("brand-0000-0000-0000")).toBe("BRAND-0000-0000-0000");
  });

  it("reads Crockford's look-alikes in the random part as digits, never in the shop", () => {
    expect(normaliseVoucherCode("COM-OOII-LLOO-1234")).toBe("COM-0011-1100-1234");
  });

  it("refuses what cannot be a code", () => {
    for (const typed of [
      "",
      "NL",
      "NL-7KQ2-M9XH-4TP",
      "NL-7KQ2-M9XH-4TPBX",
      "NL-7KQ2-M9XH-4TPU",
      "12-7KQ2-M9XH-4TPB",
      "NL-7KQ2-M9XH-4TP%",
      "x".repeat(65),
      "NL-7KQ2-M9XH-4TPB' OR 1=1 --",
    ]) {
      expect(normaliseVoucherCode(typed)).toBeNull();
    }
  });
});

describe("issueVoucher against D1", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  const issueIn = async (input: Parameters<typeof issueVoucher>[1]) => {
    const issue = issueVoucher(test.db, input);
    const [inserted, readBack] = await test.db.batch([issue.statement, issue.readBack]);
    return { issue, inserted: inserted!.meta.changes, got: issuedVoucherOf(readBack!, issue.candidate) };
  };

  it("issues one voucher per shop, source and e-mail key and reads back the code the address holds", async () => {
    const first = await issueIn({ shopId: "NL", currency: "EUR", amount: 1000, emailKey: "ann@example.com", now: NOW });
    expect(first.inserted).toBe(1);
    expect(first.got).toEqual({
      fresh: true,
      voucher: {
        code: first.issue.candidate,
        shopId: "NL",
        currency: "EUR",
        amount: 1000,
        source: "newsletter",
        emailKey: "ann@example.com",
        validUntil: null,
        issuedAt: NOW.toISOString(),
        redeemedAt: null,
        orderId: null,
      },
    });
    expect(first.issue.candidate).toMatch(/^NL-/);

    const again = await issueIn({ shopId: "NL", currency: "EUR", amount: 2000, emailKey: "ann@example.com", now: new Date(NOW.getTime() + 1000) });
    expect(again.inserted).toBe(0);
    expect(again.got).toEqual({ fresh: false, voucher: first.got!.voucher });

    const otherShop = await issueIn({ shopId: "DE", currency: "EUR", amount: 1000, emailKey: "ann@example.com", now: NOW });
    expect(otherShop.got?.fresh).toBe(true);
    expect(otherShop.got?.voucher.code).not.toBe(first.got!.voucher.code);
    const { results } = await sql`SELECT COUNT(*) AS n FROM vouchers WHERE email_key = 'ann@example.com'`.prepare(test.db).all<{ n: number }>();
    expect(results[0]!.n).toBe(2);
  });

  it("writes nothing while the caller's guard does not hold, and the read-back says so", async () => {
    const issue = issueVoucherSql({ shopId: "AT", currency: "EUR", amount: 1000, emailKey: "bob@example.com", now: NOW, when: sql`0` });
    const [inserted, readBack] = await test.db.batch([issue.insert.prepare(test.db), issue.readBack.prepare(test.db)]);
    expect(inserted!.meta.changes).toBe(0);
    expect(issuedVoucherOf(readBack!, issue.candidate)).toBeNull();
  });

  it("keeps the currency, the validity and a code that collides with an existing one writes nothing", async () => {
    const first = await issueIn({
      shopId: "CH",
      currency: "CHF",
      amount: 1000,
      emailKey: "cy@example.com",
      now: NOW,
      validUntil: "2026-12-31",
      random: (b) => b.fill(7),
    });
    expect(first.got?.voucher).toMatchObject({ currency: "CHF", validUntil: "2026-12-31" });
    const clash = await issueIn({ shopId: "CH", currency: "CHF", amount: 1000, emailKey: "dee@example.com", now: NOW, random: (b) => b.fill(7) });
    expect(clash.inserted).toBe(0);
    expect(clash.got).toBeNull(); // the caller draws again
    const row = await selectVoucher(first.issue.candidate).prepare(test.db).first<VoucherRow>();
    expect(voucherOf(row!).emailKey).toBe("cy@example.com");
  });

  it("refuses amounts the schema forbids", async () => {
    await expect(issueIn({ shopId: "DE", currency: "EUR", amount: 0, emailKey: "zero@example.com", now: NOW })).rejects.toThrow(/CHECK/);
  });
});
