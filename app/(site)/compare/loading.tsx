import { useTranslations } from "next-intl";
import { LoadingState } from "@/app/(site)/compare/_components/loading-state";

/** The paired bootstraps take a moment; the compare page never 404s, so streaming is safe here. */
export default function Loading() {
  return <LoadingState label={useTranslations("compare")("loading")} />;
}
