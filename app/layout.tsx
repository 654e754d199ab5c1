import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { THEME_SCRIPT } from "@/components/theme-toggle";
import { SiteHeader } from "@/components/ui/site-header";
import { SiteFooter } from "@/components/ui/site-footer";
import { HreflangLinks } from "@/components/ui/hreflang-links";
import { HTML_LANG, PATH_HEADER } from "@/lib/i18n/locales";
import { signOutAction } from "@/app/signin/actions";
import { scriptNonce } from "@/lib/server/csp-nonce";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  const name = t("siteName");
  return {
    title: { default: name, template: t("titleTemplate") },
    description: t("siteDescription"),
    applicationName: name,
    // Files in public/ (icon.svg is the source; scripts/dev/make-icons.mjs renders the rest).
    icons: {
      icon: [{ url: "/favicon.ico", sizes: "32x32" }, { url: "/icon.svg", type: "image/svg+xml" }],
      apple: [{ url: "/apple-touch-icon.png", sizes: "180x180" }],
    },
    manifest: "/manifest.webmanifest",
    openGraph: { siteName: name, type: "website" },
    twitter: { card: "summary" },
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

// Every page renders per request: a script nonce exists only then (docs/SECURITY.md).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = await scriptNonce();
  const locale = await getLocale();
  const t = await getTranslations("common");
  // "" in a prerendered copy (lib/static-pages.mjs): no request, so the switcher links relatively.
  const path = (await headers()).get(PATH_HEADER) ?? "";
  return (
    // The theme script sets data-theme on <html> before React hydrates it.
    <html lang={HTML_LANG[locale]} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <HreflangLinks />
      </head>
      <body className="min-h-screen">
        {/* All messages: both files are small, and client components anywhere may need any namespace. */}
        <NextIntlClientProvider>
          <a href="#main" className="skip-link">
            {t("skipToContent")}
          </a>
          <SiteHeader signOut={signOutAction} path={path} />
          <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
            {children}
          </main>
          <SiteFooter />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
