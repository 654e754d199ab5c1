import { describe, expect, it } from "vitest";
import { methodCard } from "../../../../lib/server/submissions/method-card";

const row = {
  methodName: "m",
  organization: null,
  description: null,
  paperUrl: null,
  codeUrl: null,
  modality: null,
  backbone: null,
  memoryMethod: null,
  runOf: null,
  reproduces: null,
  ranBy: null,
  methodOwner: null,
  track: "memory",
  declaredTrack: "memory",
  trackReason: null,
  contextTopK: null,
  contextTokens: null,
};
const none = {
  storageSecondsPerSession: null,
  retrievalSecondsPerQuestion: null,
  answerSecondsPerQuestion: null,
  tokensPerQuestion: null,
  hardware: null,
};

describe("methodCard who ran it", () => {
  it("passes ranBy and methodOwner through (null when not stated)", () => {
    expect(methodCard({ ...row, ...none })).toMatchObject({ ranBy: null, methodOwner: null });
    expect(methodCard({ ...row, ...none, ranBy: "third-party", methodOwner: "Mem0" })).toMatchObject({
      ranBy: "third-party",
      methodOwner: "Mem0",
    });
  });
});

describe("methodCard efficiency", () => {
  it("is null when nothing was reported, else labelled self-reported with every field", () => {
    expect(methodCard({ ...row, ...none }).efficiency).toBeNull();
    expect(methodCard({ ...row, ...none, answerSecondsPerQuestion: 4.33 }).efficiency).toEqual({
      selfReported: true,
      ...none,
      answerSecondsPerQuestion: 4.33,
    });
  });
});
