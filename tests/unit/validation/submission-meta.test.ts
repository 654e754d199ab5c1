import { describe, expect, it } from "vitest";
import { submissionMetaSchema } from "../../../lib/validation/submission-meta";

describe("submissionMetaSchema", () => {
  it("keeps HTML verbatim, trims, and drops empty optional fields", () => {
    const meta = submissionMetaSchema.parse({
      methodName: "  <b>Mem</b> & co  ",
      organization: "",
      paperUrl: " https://arxiv.org/abs/1 ",
      modality: "multimodal",
    });
    expect(meta).toEqual({
      methodName: "<b>Mem</b> & co",
      organization: undefined,
      paperUrl: "https://arxiv.org/abs/1",
      modality: "multimodal",
      track: "memory",
      publicPredictions: false,
    });
  });

  it.each([
    [{}, "methodName"],
    [{ methodName: "   " }, "methodName"],
    [{ methodName: "x".repeat(201) }, "methodName"],
    [{ methodName: "ok", description: "d".repeat(5001) }, "description"],
    [{ methodName: "ok", paperUrl: "javascript:alert(1)" }, "paperUrl"],
    [{ methodName: "ok", codeUrl: "ftp://example.org/x" }, "codeUrl"],
    [{ methodName: "ok", modality: "audio" }, "modality"],
    [{ methodName: "a\u0000b" }, "methodName"],
    [{ methodName: "ok", publicPredictions: "yes" }, "publicPredictions"],
    [{ methodName: "ok", ranBy: "second-party" }, "ranBy"],
    [{ methodName: "ok", ranBy: "third-party" }, "methodOwner"],
    [{ methodName: "ok", ranBy: "first-party", methodOwner: "Someone" }, "methodOwner"],
    [{ methodName: "ok", methodOwner: "Someone" }, "methodOwner"],
    [{ methodName: "ok", track: "retrieval" }, "track"],
    [{ methodName: "ok", contextTopK: "0" }, "contextTopK"],
    [{ methodName: "ok", contextTopK: "2.5" }, "contextTopK"],
    [{ methodName: "ok", contextTokens: "many" }, "contextTokens"],
    [{ methodName: "ok", contextTokens: -1 }, "contextTokens"],
  ])("rejects %j at %s", (input, field) => {
    const r = submissionMetaSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toContain(field);
  });

  // Issue 49, point 4: who ran it; a form's "Not stated" sends "".
  it('takes ranBy first-party alone, third-party with methodOwner, and "" as not stated', () => {
    const parse = (v: object) => submissionMetaSchema.parse({ methodName: "ok", ...v });
    expect(parse({ ranBy: "first-party" })).toMatchObject({ ranBy: "first-party" });
    expect(parse({ ranBy: "first-party" }).methodOwner).toBeUndefined();
    expect(parse({ ranBy: "third-party", methodOwner: " Mem0 authors " })).toMatchObject({
      ranBy: "third-party",
      methodOwner: "Mem0 authors",
    });
    const blank = parse({ ranBy: "", methodOwner: "" });
    expect([blank.ranBy, blank.methodOwner]).toEqual([undefined, undefined]);
  });

  it("accepts a 5,000-character description", () => {
    expect(submissionMetaSchema.safeParse({ methodName: "ok", description: "d".repeat(5000) }).success).toBe(true);
  });
});

describe("modality left unstated in the form", () => {
  it("accepts an empty modality as absent and still rejects an unknown one", () => {
    const empty = submissionMetaSchema.safeParse({ methodName: "M", modality: "" });
    expect(empty.success).toBe(true);
    expect(empty.success && empty.data.modality).toBeUndefined();
    expect(submissionMetaSchema.safeParse({ methodName: "M", modality: "audio" }).success).toBe(false);
  });
});

describe("self-reported efficiency fields", () => {
  it("parses the multipart text as non-negative numbers; empty is not stated", () => {
    const meta = submissionMetaSchema.parse({
      methodName: "m",
      storageSecondsPerSession: " 351.08 ",
      retrievalSecondsPerQuestion: "0",
      answerSecondsPerQuestion: "",
      tokensPerQuestion: "1200",
      hardware: " 1x A100 ",
    });
    expect(meta).toMatchObject({
      storageSecondsPerSession: 351.08,
      retrievalSecondsPerQuestion: 0,
      answerSecondsPerQuestion: undefined,
      tokensPerQuestion: 1200,
      hardware: "1x A100",
    });
  });

  it.each([
    [{ storageSecondsPerSession: "-1" }, "storageSecondsPerSession"],
    [{ retrievalSecondsPerQuestion: "fast" }, "retrievalSecondsPerQuestion"],
    [{ answerSecondsPerQuestion: "Infinity" }, "answerSecondsPerQuestion"],
    [{ tokensPerQuestion: "1e12" }, "tokensPerQuestion"],
    [{ hardware: "h".repeat(201) }, "hardware"],
  ])("rejects %j at %s", (input, field) => {
    const r = submissionMetaSchema.safeParse({ methodName: "m", ...input });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join("."))).toContain(field);
  });
});

describe("publicPredictions (multipart field, form checkbox, JSON)", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    ["on", true],
    [true, true],
    [false, false],
  ])("%j -> %s", (input, out) => {
    expect(submissionMetaSchema.parse({ methodName: "M", publicPredictions: input }).publicPredictions).toBe(out);
  });
});

describe("track and context budget", () => {
  it("defaults to memory, reads the multipart text as positive integers, and empty is not stated", () => {
    expect(submissionMetaSchema.parse({ methodName: "m", track: "" })).toMatchObject({ track: "memory" });
    const meta = submissionMetaSchema.parse({
      methodName: "m",
      track: "full-context",
      contextTopK: " 10 ",
      contextTokens: "",
    });
    expect(meta).toMatchObject({ track: "full-context", contextTopK: 10, contextTokens: undefined });
    expect(
      submissionMetaSchema.parse({ methodName: "m", track: "oracle-evidence", contextTokens: 128000 }),
    ).toMatchObject({ track: "oracle-evidence", contextTokens: 128000 });
  });
});
