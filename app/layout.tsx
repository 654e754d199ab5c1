import type { ReactNode } from "react";
import { siteMetadata, siteViewport } from "@/components/ui/site-shell";
import { requestLocale } from "@/lib/i18n/request";

// In the request's locale, named explicitly (components/ui/site-shell.tsx says why).
export const generateMetadata = async () => siteMetadata(await requestLocale());
export const viewport = siteViewport;

// Passes its children through: app/(site)/layout.tsx and app/not-found.tsx render <html>; a root layout must exist.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
