import { RequestShell } from "@/components/ui/site-shell";
import { NotFoundBody } from "@/components/ui/not-found-body";
import { requestLocale } from "@/lib/i18n/request";
import { signOutAction } from "@/app/(site)/signin/actions";
import "@/app/globals.css";

// Renders the whole document (the root layout passes through); names its locale explicitly because
// Next renders this within every route's tree.
export default async function NotFound() {
  const locale = await requestLocale();
  return (
    <RequestShell locale={locale} signOut={signOutAction}>
      <NotFoundBody locale={locale} />
    </RequestShell>
  );
}
