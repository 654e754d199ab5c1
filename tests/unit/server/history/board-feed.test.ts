// Issue 47 (the lows): the Atom feed stays valid XML for every stored method name, including names
// stored before control characters were refused.
import { describe, expect, it } from "vitest";
import { xmlText } from "@/lib/server/history/board-feed";

// XML 1.0's Char production.
const XML_CHARS = /^[\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

describe("xmlText", () => {
  it("escapes markup and keeps ordinary text, CJK and emoji", () => {
    expect(xmlText(`<a href="x">Tom & 'Jerry'</a> 记忆 🚀`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt; 记忆 🚀",
    );
  });

  it("makes every code point of the BMP and lone surrogates into XML characters", () => {
    let all = "";
    for (let c = 0; c <= 0xffff; c++) all += String.fromCharCode(c);
    const out = xmlText(`${all}\ud83d`);
    expect(out).toMatch(XML_CHARS);
    expect(xmlText("M\u0001e\u0085m\u001b")).toBe("M\ufffde\ufffdm\ufffd");
  });
});
