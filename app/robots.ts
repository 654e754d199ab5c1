import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { publicOrigin } from "@/lib/server/leaderboard/share";

export const dynamic = "force-dynamic";

// Public pages are for crawlers; accounts, administration and the API are not. /submit is public:
// its format section is what people search for (the upload form there needs a session anyway).
export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/admin", "/api/", "/settings", "/submissions", "/signin", "/signup"],
    },
    sitemap: `${publicOrigin(await headers())}/sitemap.xml`,
  };
}
