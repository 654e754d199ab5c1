// Streaming walk of a prediction file's layout, {"predictions": [item, ...], ...}, fed decoded text
// chunk by chunk. Only the structure is scanned here; each root key, root value and array item is
// cut out as its own small text and parsed by JSON.parse (json-units.ts), so values are exactly
// JSON.parse's. The scanner accepts a strict subset of what the whole-file parser accepts (JSON
// plus // and /* */ comments) and throws NotStreamable on anything else, so the caller can fall
// back to the whole-file parser for the exact report (line/column, codes, fixes).
import { fail, UnitCutter } from "./json-units";

export { NotStreamable } from "./json-units";

export type LayoutSink = {
  /** Every root key in file order, duplicates included. */
  key(name: string): void;
  /** A "predictions" value that is an array starts (each occurrence: the last one wins). */
  arrayStart(): void;
  /** One element of that array. */
  item(value: unknown): void;
  /** Any other root value, including a "predictions" that is not an array. */
  value(key: string, value: unknown): void;
};

// Where the scanner is between values.
const BEFORE_ROOT = 0, KEY_OR_END = 1, KEY = 2, COLON = 3, VALUE = 4, ROOT_NEXT = 5, ITEM_OR_END = 6, ITEM = 7, ITEM_NEXT = 8, AFTER_ROOT = 9;
const UNIT_KEY = 0, UNIT_VALUE = 1, UNIT_ITEM = 2;

export class PredictionLayoutScanner extends UnitCutter {
  private state = BEFORE_ROOT;
  private currentKey = "";

  constructor(private readonly sink: LayoutSink) {
    super();
  }

  end(): void {
    this.endOfText();
    if (this.state !== AFTER_ROOT) fail("incomplete");
  }

  protected structural(c: number, i: number): number {
    switch (this.state) {
      case BEFORE_ROOT:
        if (c !== 123) fail("root is not an object");
        this.state = KEY_OR_END;
        return i + 1;
      case KEY_OR_END:
      case KEY:
        if (c === 125 && this.state === KEY_OR_END) {
          this.state = AFTER_ROOT;
          return i + 1;
        }
        if (c !== 34) fail("expected a key");
        return this.startUnit(UNIT_KEY, i, 1);
      case COLON:
        if (c !== 58) fail("expected a colon");
        this.state = VALUE;
        return i + 1;
      case VALUE:
        if (c === 91 && this.currentKey === "predictions") {
          this.sink.arrayStart();
          this.state = ITEM_OR_END;
          return i + 1;
        }
        return this.startUnit(UNIT_VALUE, i, 1);
      case ITEM_OR_END:
        if (c === 93) {
          this.state = ROOT_NEXT;
          return i + 1;
        }
        return this.startUnit(UNIT_ITEM, i, 2);
      case ITEM:
        return this.startUnit(UNIT_ITEM, i, 2);
      case ROOT_NEXT:
      case ITEM_NEXT: {
        const inArray = this.state === ITEM_NEXT;
        if (c === 44) this.state = inArray ? ITEM : KEY;
        else if (c === (inArray ? 93 : 125)) this.state = inArray ? ROOT_NEXT : AFTER_ROOT;
        else fail("expected a comma or a closing bracket");
        return i + 1;
      }
      default:
        return fail("text after the root object");
    }
  }

  protected unitDone(kind: number, value: unknown): void {
    if (kind === UNIT_KEY) {
      if (value === "__proto__") fail("__proto__ key"); // JSON.parse and jsonc-parser disagree on it
      this.currentKey = value as string;
      this.sink.key(this.currentKey);
      this.state = COLON;
    } else if (kind === UNIT_VALUE) {
      this.sink.value(this.currentKey, value);
      this.state = ROOT_NEXT;
    } else {
      if (value !== null && typeof value === "object" && Object.hasOwn(value, "__proto__")) fail("__proto__ key");
      this.sink.item(value);
      this.state = ITEM_NEXT;
    }
  }
}
