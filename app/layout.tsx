import type { ReactNode } from "react";
import { siteMetadata, siteViewport } from "@/components/ui/site-shell";
import { requestLocale } from "@/lib/i18n/request";

// The site-wide metadata of every page, app/not-found.tsx's included, in the request's locale
// (named explicitly: components/ui/site-shell.tsx says why).
export const generateMetadata = async () => siteMetadata(await requestLocale());
export const viewport = siteViewport;

// Passes its children through: app/(site)/layout.tsx renders <html> (components/ui/site-shell.tsx),
// and app/not-found.tsx renders the whole document itself; a root layout must exist for it.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
