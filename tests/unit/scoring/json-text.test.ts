import { describe, expect, it } from "vitest";
import { IssueList } from "../../../lib/scoring/issues";
import { decodeText, lineColumn, parseJsonText } from "../../../lib/scoring/json-text";

const positions = (text: string) => {
  const issues = new IssueList("f.json");
  parseJsonText(text, issues);
  return issues.finish().map((i) => i.message);
};

describe("parseJsonText error positions", () => {
  it("reports each syntax error at the line and column lineColumn gives for its offset", () => {
    const text = "[\n1 2\n\n @ x\n" + "a\n".repeat(3) + "]";
    const at = (offset: number) => {
      const { line, column } = lineColumn(text, offset);
      return `line ${line}, column ${column}`;
    };
    const messages = positions(text);
    expect(messages[0]).toBe(`Not valid JSON at line 2, column 3: CommaExpected.`);
    expect(at(text.indexOf("2"))).toBe("line 2, column 3");
    expect(messages.slice(1)).toEqual(
      [text.indexOf("@"), text.indexOf("x"), ...[0, 1, 2].map((k) => text.indexOf("a") + 2 * k)].map(
        (o) => `Not valid JSON at ${at(o)}: InvalidSymbol.`,
      ),
    );
  });

  // Found by fuzzing: every error's line/column was computed by scanning from the start of the
  // text, so a garbage file with an error every two characters was quadratic (100 kB took ~5 s
  // on a shared 2-core machine, 64 MB would never finish). Line starts are now indexed once.
  it("handles a large garbage file with an error every two characters (capped report)", () => {
    const text = "{" + "@ ".repeat(150_000) + "\n@";
    const messages = positions(text);
    // 50 listed errors, the truncation (no closing brace), then one "N more" line.
    expect(messages).toHaveLength(52);
    expect(messages[0]).toBe("Not valid JSON at line 1, column 2: InvalidSymbol.");
    expect(messages[1]).toBe("Not valid JSON at line 1, column 4: InvalidSymbol.");
    expect(messages[50]).toBe("The JSON ends unexpectedly at line 2, column 2: the file looks truncated.");
    expect(messages[51]).toBe("149951 more INVALID_JSON errors not listed (150001 in total).");
  });

  // Found by fuzzing (a mutated fixture threw "Maximum call stack size exceeded"): the depth guard
  // skips strings as JSON does, but the tolerant parser skips comments and ends a string at a line
  // break, so a quote inside a comment hid 20,000 levels of nesting from the guard.
  it("reports nesting hidden from the depth guard by a quote in a comment instead of throwing", () => {
    const text = '{"predictions": [], // it\'s "quoted\n "b": ' + "[".repeat(20_000);
    expect(positions(text)).toEqual([
      "JSON nesting too deep to parse (more than 64 levels, possibly after a broken string or a comment).",
    ]);
  });
});

describe("decodeText", () => {
  it("reports bad bytes as INVALID_UTF8 with the offset", () => {
    const issues = new IssueList("f.json");
    expect(decodeText(new Uint8Array([0x7b, 0x7d, 0xff]), issues)).toBeNull();
    expect(issues.finish().map((i) => [i.code, i.message])).toEqual([
      ["INVALID_UTF8", "The file is not valid UTF-8 (first bad byte at offset 2)."],
    ]);
  });

  it("gives the offset of overlong forms, surrogates and code points past U+10FFFF too", () => {
    for (const bad of [
      [0xe0, 0x80, 0x80],
      [0xed, 0xa0, 0x80],
      [0xf0, 0x80, 0x80, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      const issues = new IssueList("f.json");
      expect(decodeText(new Uint8Array([0x5b, 0x22, ...bad, 0x22, 0x5d]), issues)).toBeNull();
      expect(issues.finish().map((i) => [i.code, i.message])).toEqual([
        ["INVALID_UTF8", "The file is not valid UTF-8 (first bad byte at offset 2)."],
      ]);
    }
  });

  // Decoding fails for such files although their bytes are valid: the error used to blame the
  // encoding for what is the engine's string limit (the CLI refuses files this big before that).
  it("reports valid UTF-8 beyond the engine's string limit as TOO_LARGE, not INVALID_UTF8", () => {
    const bytes = new Uint8Array((1 << 29) + 16).fill(0x20);
    const issues = new IssueList("f.json");
    expect(decodeText(bytes, issues)).toBeNull();
    expect(issues.finish().map((i) => i.code)).toEqual(["TOO_LARGE"]);
  }, 60_000); // a 512 MB buffer: seconds on a loaded machine (Node 24's TextDecoder takes ~2 s to refuse it)
});
