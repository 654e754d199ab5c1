// Zod-free, so client components can list the tracks without shipping a validation library.

/** The board ranks each on its own (issue 48): memory systems, the answerer sees every session, or the gold one. */
export const TRACKS = ["memory", "full-context", "oracle-evidence"] as const;
export type Track = (typeof TRACKS)[number];
