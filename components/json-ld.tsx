import { jsonLdText } from "@/lib/server/agents/json-ld";

/** Server-rendered structured data: a data block, never executed, so it needs no CSP nonce. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
