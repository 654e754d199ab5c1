import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { THEME_SCRIPT } from "@/components/theme-toggle";
import { SiteHeader } from "@/components/ui/site-header";
import { SiteFooter } from "@/components/ui/site-footer";
import { HreflangLinks } from "@/components/ui/hreflang-links";
import { HTML_LANG, PATH_HEADER, type Locale } from "@/lib/i18n/locales";
import { scriptNonce } from "@/lib/server/csp-nonce";
import { publicOrigin } from "@/lib/server/leaderboard/share";
import { requestHostCheck } from "@/lib/server/auth/own-host";
import { HostNote } from "@/components/ui/host-note";

// The locale is always named explicitly: Next renders app/not-found.tsx within every route's tree.

export async function siteMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "common" });
  const name = t("siteName");
  return {
    title: { default: name, template: t("titleTemplate") },
    description: t("siteDescription"),
    applicationName: name,
    // Files in public/ (icon.svg is the source; scripts/dev/make-icons.mjs renders the rest).
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "32x32" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: [{ url: "/apple-touch-icon.png", sizes: "180x180" }],
    },
    manifest: "/manifest.webmanifest",
    openGraph: { siteName: name, type: "website" },
    twitter: { card: "summary" },
  };
}

export const siteViewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

type ShellProps = {
  children: ReactNode;
  locale: Locale;
  /** The public path and query ("/about?x=1") for the switcher and hreflang; "" when unknown. */
  path: string;
  /** The origin of hreflang URLs; "" gives root-relative ones. */
  origin: string;
  /** The render's script nonce (undefined only where no proxy ran). */
  nonce: string | undefined;
  signOut: () => Promise<void>;
  /** Shown above the page (pages that need a session, on another host than AUTH_URL's). */
  notice?: ReactNode;
};

async function SiteShell({ children, locale, path, origin, nonce, signOut, notice }: ShellProps) {
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    // The theme script sets data-theme on <html> before React hydrates it.
    <html lang={HTML_LANG[locale]} suppressHydrationWarning>
      {/* eslint-disable-next-line @next/next/no-head-element -- the App Router's document; the rule is for pages/ */}
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <HreflangLinks path={path} origin={origin} />
      </head>
      <body className="min-h-screen">
        <a href="#main" className="skip-link">
          {t("skipToContent")}
        </a>
        <SiteHeader signOut={signOut} path={path} locale={locale} />
        <main id="main" className="mx-auto w-full site-width px-4 py-6 sm:px-6">
          {notice}
          {children}
        </main>
        <SiteFooter locale={locale} />
      </body>
    </html>
  );
}

/** The shell of a per-request render: nonce, path and origin from the request (proxy.ts). */
export async function RequestShell({
  children,
  locale,
  signOut,
}: {
  children: ReactNode;
  locale: Locale;
  signOut: () => Promise<void>;
}) {
  const [nonce, h] = await Promise.all([scriptNonce(), headers()]);
  const path = h.get(PATH_HEADER) ?? "";
  return (
    <SiteShell
      locale={locale}
      path={path}
      origin={publicOrigin(h)}
      nonce={nonce}
      signOut={signOut}
      notice={<HostNote check={requestHostCheck(h)} path={path} locale={locale} />}
    >
      {children}
    </SiteShell>
  );
}
