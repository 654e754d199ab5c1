import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { THEME_SCRIPT } from "@/components/theme-toggle";
import { SiteHeader } from "@/components/ui/site-header";
import { signOutAction } from "@/app/signin/actions";
import { scriptNonce } from "@/lib/server/csp-nonce";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "H2HMem Leaderboard", template: "%s · H2HMem Leaderboard" },
  description: "Leaderboard for H2HMem, a multimodal memory benchmark for agents observing human-human conversations.",
  applicationName: "H2HMem Leaderboard",
  // Files in public/ (icon.svg is the source; scripts/dev/make-icons.mjs renders the rest).
  icons: {
    icon: [{ url: "/favicon.ico", sizes: "32x32" }, { url: "/icon.svg", type: "image/svg+xml" }],
    apple: [{ url: "/apple-touch-icon.png", sizes: "180x180" }],
  },
  manifest: "/manifest.webmanifest",
  openGraph: { siteName: "H2HMem Leaderboard", type: "website" },
  twitter: { card: "summary" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#0f172a" },
  ],
};

// Every page renders per request: a script nonce exists only then (docs/SECURITY.md).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = await scriptNonce();
  return (
    // The theme script sets data-theme on <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader signOut={signOutAction} />
        <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
          {children}
        </main>
        <footer className="mx-auto max-w-7xl px-4 py-8 text-sm text-slate-600 sm:px-6 dark:text-slate-400">
          H2HMem benchmark leaderboard. Scores carry their scorer version; approved entries only.
        </footer>
      </body>
    </html>
  );
}
