import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { SiteShell, siteMetadata } from "@/components/ui/site-shell";
import { isLocale, LOCALES, type Locale } from "@/lib/i18n/locales";
import { STATIC_PAGES, staticPageOf } from "@/lib/static-pages.mjs";
import { env } from "@/lib/server/env";
import { signOutAction } from "@/app/(site)/signin/actions";
import "@/app/globals.css";

// The prerendered copies (lib/static-pages.mjs): one per locale and data-free page, built once
// and answered without per-request work. The locale comes from the route (named to the shell, and
// set with setRequestLocale for the page's own next-intl calls, which lib/i18n/request.ts reads),
// never from the request, whose headers and cookies force-static empties:
// the header renders signed out and the theme script has no nonce (docs/SECURITY.md, "Static pages").
export const dynamic = "force-static";
export const dynamicParams = false;

// Next types params as strings; dynamicParams = false keeps them to generateStaticParams' values.
type Params = { locale: string; page: string };
const localeOf = (l: string): Locale => (isLocale(l) ? l : notFound());

export function generateStaticParams(): Array<{ locale: Locale; page: string }> {
  return LOCALES.flatMap((locale) => STATIC_PAGES.map((p) => ({ locale, page: p.segment })));
}

export async function generateMetadata({ params }: { params: Promise<Params> }) {
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  return siteMetadata(locale);
}

// Hreflang URLs are absolute when AUTH_URL is known at build time, root-relative otherwise.
const ORIGIN = env.AUTH_URL ? new URL(env.AUTH_URL).origin : "";

export default async function StaticPageLayout({ children, params }: { children: ReactNode; params: Promise<Params> }) {
  const { locale: l, page } = await params;
  const locale = localeOf(l);
  setRequestLocale(locale);
  return (
    <SiteShell locale={locale} path={staticPageOf(page)?.path ?? ""} origin={ORIGIN} nonce={undefined} signOut={signOutAction}>
      {children}
    </SiteShell>
  );
}
