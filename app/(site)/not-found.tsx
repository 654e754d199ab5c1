import { getLocale } from "next-intl/server";
import { NotFoundBody } from "@/components/ui/not-found-body";

// notFound() in a page: rendered inside the site layout, which already is the document
// (unmatched URLs get app/not-found.tsx, which renders the whole document itself).
export default async function NotFound() {
  return <NotFoundBody locale={await getLocale()} />;
}
