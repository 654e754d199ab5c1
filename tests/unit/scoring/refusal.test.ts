import { describe, expect, it } from "vitest";
import path from "node:path";
import { isEmptyAnswer, isRefusal } from "../../../lib/scoring/refusal";
import { loadAnswerKeyDir } from "../../../lib/server/answer-key/dataset-folder";

const DATASET = path.resolve(__dirname, "../../../prisma/seed-data/dataset");

describe("isRefusal", () => {
  it.each([
    "Not mentioned",
    "Not mentioned.",
    "not mentioned",
    "NOT MENTIONED!",
    '"Not mentioned"',
    "The dialogue does not mention Carl's blood type.",
    "The dialogue doesn't mention it.",
    "The conversation did not specify the brand.",
    "The dialogue never makes no mention of it",
    "It is not mentioned in the dialogue.",
    "Carl's blood type was not stated.",
    "This information is not provided in the conversation.",
    "There is no information about the boots in the conversation.",
    "No mention of the price was made.",
    "I cannot determine that from the dialogue.",
    "It cannot be determined from the conversation.",
    "I don't know.",
    "I do not have that information.",
    "Unknown",
    "N/A",
    "Insufficient information to answer.",
    "未提及",
    "对话中没有提到这一点。",
  ])("refuses: %s", (answer) => {
    expect(isRefusal(answer)).toBe(true);
  });

  it.each([
    "",
    "   ",
    "Lake Verrin",
    "Yes",
    "No",
    "None",
    "Yes, contradiction",
    "Not contradictory",
    "No, Theo did not say he would come.",
    "She could not find the trailhead.",
    "Mara bought a red bike. The dialogue does not mention its price.",
    "Because the screenshot showed thunderstorms forecast for the afternoon.",
    "It was mentioned twice: once in session 1 and once in session 2.",
  ])("answers: %j", (answer) => {
    expect(isRefusal(answer)).toBe(false);
  });

  it("refuses every Answer Refusal reference of the synthetic dataset and no other reference", () => {
    const key = loadAnswerKeyDir(DATASET).questions;
    const ar = key.filter((q) => q.category === "AR");
    expect(ar.length).toBeGreaterThan(0);
    expect(ar.filter((q) => !isRefusal(q.answer))).toEqual([]);
    expect(key.filter((q) => q.category !== "AR" && isRefusal(q.answer))).toEqual([]);
  });

  it("tells empty answers apart", () => {
    expect(isEmptyAnswer(" \n")).toBe(true);
    expect(isEmptyAnswer("x")).toBe(false);
  });
});
