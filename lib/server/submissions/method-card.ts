import "server-only";
import type { RAN_BY } from "@/lib/validation/submission-meta";
// One place, so a new metadata field reaches the API, the review pages and the entry page together.

/** Self-reported by the submitter (never measured here); null when nothing was reported. */
export type Efficiency = {
  selfReported: true;
  storageSecondsPerSession: number | null;
  retrievalSecondsPerQuestion: number | null;
  answerSecondsPerQuestion: number | null;
  tokensPerQuestion: number | null;
  hardware: string | null;
};

export type MethodCard = {
  methodName: string;
  organization: string | null;
  description: string | null;
  paperUrl: string | null;
  codeUrl: string | null;
  modality: string | null;
  backbone: string | null;
  memoryMethod: string | null;
  /** Stated by the submitter: their own method, or a run of methodOwner's; null when not stated. */
  ranBy: (typeof RAN_BY)[number] | null;
  methodOwner: string | null;
  efficiency: Efficiency | null;
};

type MethodCardRow = Omit<MethodCard, "efficiency" | "ranBy"> & { ranBy: string | null } & Omit<
    Efficiency,
    "selfReported"
  >;

function efficiencyOf(s: Omit<Efficiency, "selfReported">): Efficiency | null {
  const e = {
    storageSecondsPerSession: s.storageSecondsPerSession,
    retrievalSecondsPerQuestion: s.retrievalSecondsPerQuestion,
    answerSecondsPerQuestion: s.answerSecondsPerQuestion,
    tokensPerQuestion: s.tokensPerQuestion,
    hardware: s.hardware,
  };
  return Object.values(e).every((v) => v === null) ? null : { selfReported: true, ...e };
}

export function methodCard(s: MethodCardRow): MethodCard {
  return {
    methodName: s.methodName,
    organization: s.organization,
    description: s.description,
    paperUrl: s.paperUrl,
    codeUrl: s.codeUrl,
    modality: s.modality,
    backbone: s.backbone,
    memoryMethod: s.memoryMethod,
    ranBy: s.ranBy as MethodCard["ranBy"],
    methodOwner: s.methodOwner,
    efficiency: efficiencyOf(s),
  };
}
