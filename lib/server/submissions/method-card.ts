import "server-only";
// The method card (display metadata) of a submission, as every view shows it. One place, so a
// new metadata field reaches the API, the review pages and the entry page together.

export type MethodCard = {
  methodName: string;
  organization: string | null;
  description: string | null;
  paperUrl: string | null;
  codeUrl: string | null;
  modality: string | null;
  backbone: string | null;
  memoryMethod: string | null;
};

export function methodCard(s: MethodCard): MethodCard {
  return {
    methodName: s.methodName,
    organization: s.organization,
    description: s.description,
    paperUrl: s.paperUrl,
    codeUrl: s.codeUrl,
    modality: s.modality,
    backbone: s.backbone,
    memoryMethod: s.memoryMethod,
  };
}
