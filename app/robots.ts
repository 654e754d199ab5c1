import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { publicOrigin } from "@/lib/server/leaderboard/share";

export const dynamic = "force-dynamic";

// Public pages are for crawlers; accounts, administration and the API are not.
export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/admin", "/api/", "/settings", "/submissions", "/submit", "/signin", "/signup"],
    },
    sitemap: `${publicOrigin(await headers())}/sitemap.xml`,
  };
}
