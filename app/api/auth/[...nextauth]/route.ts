import type { NextRequest } from "next/server";
import { handlers } from "@/lib/server/auth/session";

// Auth.js's own pages (the sign-out confirmation, a form with one button) are outside proxy.ts's
// matcher, so they get the pages' rule against framing here: a framed sign-out button is clickjacking.
async function unframeable(res: Response): Promise<Response> {
  const out = new Response(res.body, res);
  out.headers.set("X-Frame-Options", "DENY");
  if (!out.headers.has("content-security-policy")) out.headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  return out;
}

export const GET = async (req: NextRequest) => unframeable(await handlers.GET(req));
export const POST = async (req: NextRequest) => unframeable(await handlers.POST(req));
