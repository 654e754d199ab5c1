import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { imageBaseName, normalizeText } from "../../../lib/scoring/text-normalize";

/** The definition, written plainly: NFC, trim, collapse whitespace runs, lower case. */
const plain = (text: string) => text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

describe("normalizeText (matching predictions to key questions)", () => {
  it("equals the plain definition for any text, whatever its whitespace", () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        " ",
        "  ",
        "\t",
        "\n",
        "\r\n",
        "\u00a0",
        "\u3000",
        "\u2028",
        "\ufeff",
        "e\u0301",
        "É",
        "Straße",
        "问题",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        expect(normalizeText(parts.join(""))).toBe(plain(parts.join("")));
      }),
      { numRuns: 3000 },
    );
    for (const t of ["", " ", "a b", " a b ", "a  b", "a\tb", "A\u00a0B", "  What did  Alice\nsay? "])
      expect(normalizeText(t)).toBe(plain(t));
  });

  it("images match by base name", () => {
    expect(imageBaseName(" session1/2.PNG ")).toBe("2.png");
    expect(imageBaseName("a\\b\\c.jpg")).toBe("c.jpg");
    expect(imageBaseName("  ")).toBe("");
  });
});
