import { ImageResponse } from "next/og";
import { entryHeadline, headlineText } from "@/lib/server/leaderboard/share";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };

// The preview card of a shared entry link (Open Graph and Twitter): method, organization,
// headline score with its interval, rank. Ranks change, so previews are cached for minutes,
// not for the year next/og sets by default.
export async function shareImage(id: string): Promise<Response> {
  const h = await entryHeadline(id);
  const title = h?.methodName ?? "H2HMem Leaderboard";
  const line = h ? headlineText(h) : "Entry not found";
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 64, background: "#0f172a", color: "#f8fafc" }}>
        <div style={{ display: "flex", fontSize: 32, color: "#94a3b8" }}>H2HMem Leaderboard · multimodal memory benchmark</div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "flex", fontSize: 72, fontWeight: 700, lineHeight: 1.1 }}>{title.length > 60 ? `${title.slice(0, 59)}…` : title}</div>
          {h?.organization ? <div style={{ display: "flex", fontSize: 36, color: "#cbd5e1", marginTop: 12 }}>{h.organization.slice(0, 80)}</div> : null}
        </div>
        <div style={{ display: "flex", fontSize: 48, color: "#38bdf8" }}>{line}</div>
      </div>
    ),
    { ...SHARE_IMAGE_SIZE, headers: { "cache-control": "public, max-age=300" }, status: h ? 200 : 404 },
  );
}
