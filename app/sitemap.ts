import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { publicOrigin, sitemapEntries } from "@/lib/server/leaderboard/share";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = publicOrigin(await headers());
  const entries = await sitemapEntries();
  return [
    { url: `${origin}/`, changeFrequency: "daily", priority: 1 },
    { url: `${origin}/about`, changeFrequency: "monthly", priority: 0.5 },
    { url: `${origin}/questions`, changeFrequency: "daily", priority: 0.6 },
    { url: `${origin}/submit`, changeFrequency: "monthly", priority: 0.5 },
    ...entries.map((e) => ({
      url: `${origin}/entries/${e.id}`,
      lastModified: e.lastModified,
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
  ];
}
