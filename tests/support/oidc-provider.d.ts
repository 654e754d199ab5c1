// The parts of oidc-provider (no bundled types) the Hugging Face stand-in uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, string | undefined> }>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
    Grant: new (init: { accountId: string; clientId: string }) => Grant;
  }
}
