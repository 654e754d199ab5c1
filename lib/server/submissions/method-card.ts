import "server-only";
import type { RAN_BY } from "@/lib/validation/submission-meta";
import { TRACKS, type Track } from "@/lib/validation/tracks";
import { trackReasonSchema, type TrackReason } from "./track-placement";
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
  /** The track it is ranked in; `trackReason` says why it differs from `declaredTrack` (null: as declared). */
  track: Track;
  declaredTrack: Track;
  trackReason: TrackReason | null;
  contextTopK: number | null;
  contextTokens: number | null;
  /** Stated by the submitter: their own method, or a run of methodOwner's; null when not stated. */
  ranBy: (typeof RAN_BY)[number] | null;
  methodOwner: string | null;
  efficiency: Efficiency | null;
  /** A replicate run of this entry / a reproduction of this other account's entry (docs/SCORING.md §9). */
  runOf: string | null;
  reproduces: string | null;
};

type MethodCardRow = Omit<MethodCard, "efficiency" | "track" | "declaredTrack" | "trackReason" | "ranBy"> &
  Omit<Efficiency, "selfReported"> & {
    track: string;
    declaredTrack: string;
    trackReason: unknown;
    ranBy: string | null;
  };

export const asTrack = (t: string): Track => ((TRACKS as readonly string[]).includes(t) ? (t as Track) : "memory");

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
    track: asTrack(s.track),
    declaredTrack: asTrack(s.declaredTrack),
    trackReason: trackReasonSchema.safeParse(s.trackReason).data ?? null,
    contextTopK: s.contextTopK,
    contextTokens: s.contextTokens,
    efficiency: efficiencyOf(s),
    runOf: s.runOf,
    reproduces: s.reproduces,
  };
}
