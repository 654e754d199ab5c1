import { ImageResponse } from "next/og";
import en from "@/lib/i18n/messages/en.json";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { drawableText, entryHeadline, headlineText } from "@/lib/server/leaderboard/share";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
/** The preview's alt text (a static export of the image routes, so the default locale). */
export const SHARE_IMAGE_ALT = en.entry.share.alt;

// Renders at once per process; more wait for a crawler's retry rather than queue CPU work.
const MAX_RENDERS = 2;
let rendering = 0;

// Preview card of a shared entry link. Ranks change, so it is cached for minutes, not next/og's year;
// default locale only, since crawlers send none and one public image URL must not vary.
export async function shareImage(id: string): Promise<Response> {
  const h = await entryHeadline(id);
  if (!h) return new Response("Not found", { status: 404, headers: { "cache-control": "public, max-age=300" } });
  if (rendering >= MAX_RENDERS) return new Response("Busy", { status: 503, headers: { "retry-after": "5" } });
  rendering++;
  try {
    // ImageResponse renders lazily into its body: the slot is held until the PNG exists.
    const res = await render(h);
    const png = await res.arrayBuffer();
    return new Response(png, { status: res.status, headers: res.headers });
  } finally {
    rendering--;
  }
}

async function render(h: NonNullable<Awaited<ReturnType<typeof entryHeadline>>>): Promise<Response> {
  const [t, common] = await Promise.all([translator(DEFAULT_LOCALE, "entry"), translator(DEFAULT_LOCALE, "common")]);
  const title = drawableText(h.methodName) || common("siteName");
  const organization = drawableText(h.organization ?? "");
  const line = headlineText(h);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 64,
        background: "#0f172a",
        color: "#f8fafc",
      }}
    >
      <div style={{ display: "flex", fontSize: 32, color: "#94a3b8" }}>{t("share.tagline")}</div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: 72, fontWeight: 700, lineHeight: 1.1 }}>
          {title.length > 60 ? `${title.slice(0, 59)}…` : title}
        </div>
        {organization ? (
          <div style={{ display: "flex", fontSize: 36, color: "#cbd5e1", marginTop: 12 }}>
            {organization.slice(0, 80)}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", fontSize: 48, color: "#38bdf8" }}>{line}</div>
    </div>,
    { ...SHARE_IMAGE_SIZE, headers: { "cache-control": "public, max-age=300" } },
  );
}
