import { describe, expect, it } from "vitest";
import { formatter } from "@/lib/i18n/format";

const en = formatter("en");
const zh = formatter("zh");

describe("formatter", () => {
  it("keeps three decimals for scores in both locales, and – when missing", () => {
    expect(en.score(0.5)).toBe("0.500");
    expect(zh.score(0.12345)).toBe("0.123");
    expect(en.score(1234.5, 1)).toBe("1234.5");
    expect(en.score(null)).toBe("–");
    expect(zh.score(Number.NaN)).toBe("–");
    expect(en.ci(0.1, 0.25)).toBe("[0.100, 0.250]");
    expect(en.ci(0.1, null)).toBe("");
  });

  it("formats percents, counts and bytes", () => {
    expect(en.percent(0.256)).toBe("26%");
    expect(zh.percent(0.256, 1)).toBe("25.6%");
    expect(en.integer(12345)).toBe("12,345");
    expect(en.bytes(512)).toBe("512 B");
    expect(en.bytes(2048)).toBe("2.0 KiB");
    expect(zh.bytes(3 * 1024 * 1024)).toBe("3.00 MiB");
  });

  it("formats dates in UTC in the locale's own way", () => {
    const d = "2026-12-01T23:30:00Z";
    expect(en.date(d)).toBe("Dec 1, 2026");
    expect(zh.date(d)).toBe("2026年12月1日");
    expect(en.dateTime(new Date(d))).toMatch(/^Dec 1, 2026.*11:30\sPM UTC$/);
    expect(zh.date(null)).toBe("–");
  });
});
