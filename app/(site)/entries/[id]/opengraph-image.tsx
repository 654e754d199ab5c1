import { SHARE_IMAGE_ALT, SHARE_IMAGE_SIZE, shareImage } from "@/app/(site)/entries/[id]/_components/share-image";

export const dynamic = "force-dynamic";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const alt = SHARE_IMAGE_ALT;

export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  return shareImage((await params).id);
}
