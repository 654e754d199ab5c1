import { ImageResponse } from "next/og";
import en from "@/lib/i18n/messages/en.json";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { entryHeadline, headlineText } from "@/lib/server/leaderboard/share";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
/** The preview's alt text (a static export of the image routes, so the default locale). */
export const SHARE_IMAGE_ALT = en.entry.share.alt;

// The preview card of a shared entry link (Open Graph and Twitter): method, organization,
// headline score with its interval, rank. Ranks change, so previews are cached for minutes,
// not for the year next/og sets by default. Previews stay in the default locale: crawlers send
// no locale, and one public image URL must not change with the visitor.
export async function shareImage(id: string): Promise<Response> {
  const [t, common] = await Promise.all([translator(DEFAULT_LOCALE, "entry"), translator(DEFAULT_LOCALE, "common")]);
  const h = await entryHeadline(id);
  const title = h?.methodName ?? common("siteName");
  const line = h ? headlineText(h) : t("share.notFound");
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
        {h?.organization ? (
          <div style={{ display: "flex", fontSize: 36, color: "#cbd5e1", marginTop: 12 }}>
            {h.organization.slice(0, 80)}
          </div>
        ) : null}
      </div>
      <div style={{ display: "flex", fontSize: 48, color: "#38bdf8" }}>{line}</div>
    </div>,
    { ...SHARE_IMAGE_SIZE, headers: { "cache-control": "public, max-age=300" }, status: h ? 200 : 404 },
  );
}
