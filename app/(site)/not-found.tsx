import { getLocale } from "next-intl/server";
import { NotFoundBody } from "@/components/ui/not-found-body";

// Inside the site layout; unmatched URLs get app/not-found.tsx, which renders the whole document.
export default async function NotFound() {
  return <NotFoundBody locale={await getLocale()} />;
}
