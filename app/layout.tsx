import type { ReactNode } from "react";
import { siteMetadata, siteViewport } from "@/components/ui/site-shell";
import { requestLocale } from "@/lib/i18n/request";

// The site-wide metadata of every page, app/not-found.tsx's included, in the request's locale
// (named explicitly: components/ui/site-shell.tsx says why); the prerendered copies' layout
// restates it in their route's locale.
export const generateMetadata = async () => siteMetadata(await requestLocale());
export const viewport = siteViewport;

// Passes its children through: the layouts below render <html> (components/ui/site-shell.tsx),
// app/(site)/layout.tsx per request and app/(static)/static-pages/[locale]/[page]/layout.tsx for
// the prerendered copies, which take their locale from the route (lib/static-pages.mjs). A root
// layout must exist for app/not-found.tsx, which renders the whole document itself.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
