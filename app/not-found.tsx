import { RequestShell } from "@/components/ui/site-shell";
import { NotFoundBody } from "@/components/ui/not-found-body";
import { requestLocale } from "@/lib/i18n/request";
import { signOutAction } from "@/app/(site)/signin/actions";
import "@/app/globals.css";

// Unmatched URLs: under the pass-through root layout (app/layout.tsx), so it renders the whole
// document (notFound() in a page renders app/(site)/not-found.tsx inside the site layout instead).
// Its locale is named explicitly, never next-intl's implicit one: Next renders this component
// within every route's tree (components/ui/site-shell.tsx).
export default async function NotFound() {
  const locale = await requestLocale();
  return (
    <RequestShell locale={locale} signOut={signOutAction}>
      <NotFoundBody locale={locale} />
    </RequestShell>
  );
}
