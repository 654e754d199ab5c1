import { SHARE_IMAGE_SIZE, shareImage } from "@/app/entries/[id]/_components/share-image";

export const dynamic = "force-dynamic";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const alt = "The entry's method, headline score and rank on the H2HMem Leaderboard";

export default async function TwitterImage({ params }: { params: Promise<{ id: string }> }) {
  return shareImage((await params).id);
}
