import "server-only";
import type { MainType } from "@/lib/scoring/types";

// Only per-main-type judge averages were published, so these are reference rows, never ranked.

type PublishedBaseline = {
  method: string;
  modality: "text" | "multimodal";
  metric: "judge";
  aggregate: "weighted average";
  mainTypes: Record<MainType, number>;
  /** Seconds per session (storage) and per question (retrieval, answering). */
  efficiency: {
    storageSecondsPerSession: number;
    retrievalSecondsPerQuestion: number;
    answerSecondsPerQuestion: number;
  };
};

const eff = (
  storageSecondsPerSession: number,
  retrievalSecondsPerQuestion: number,
  answerSecondsPerQuestion: number,
) => ({ storageSecondsPerSession, retrievalSecondsPerQuestion, answerSecondsPerQuestion });

export const PUBLISHED_BASELINE_SOURCE = { url: "https://h2hmemprojectpage.vercel.app" } as const;

export const PUBLISHED_BASELINES: readonly PublishedBaseline[] = [
  {
    method: "Full (Text)",
    modality: "text",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.35, REASONING: 0.3, APPLICATION: 0.49 },
    efficiency: eff(0.0015, 0.16, 17.99),
  },
  {
    method: "NaiveRAG",
    modality: "text",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.47, REASONING: 0.38, APPLICATION: 0.58 },
    efficiency: eff(0.69, 1.37, 10.06),
  },
  {
    method: "A-Mem",
    modality: "text",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.6, REASONING: 0.43, APPLICATION: 0.64 },
    efficiency: eff(351.08, 0.02, 4.57),
  },
  {
    method: "Full (MM)",
    modality: "multimodal",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.39, REASONING: 0.33, APPLICATION: 0.52 },
    efficiency: eff(0.0009, 0.36, 26.09),
  },
  {
    method: "MuRAG",
    modality: "multimodal",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.56, REASONING: 0.41, APPLICATION: 0.63 },
    efficiency: eff(9.86, 1.47, 12.64),
  },
  {
    method: "NGM",
    modality: "multimodal",
    metric: "judge",
    aggregate: "weighted average",
    mainTypes: { RECALL: 0.48, REASONING: 0.4, APPLICATION: 0.64 },
    efficiency: eff(6.53, 0.77, 4.33),
  },
];
