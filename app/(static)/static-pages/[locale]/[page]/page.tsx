import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { Metadata } from "next";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { STATIC_PAGES } from "@/lib/static-pages.mjs";
import AboutPage, { generateMetadata as aboutMetadata } from "@/app/(site)/about/page";

// The page of each prerendered copy (the layout beside this file lists them): the same component
// as the per-request route, keyed by STATIC_PAGES' `segment` (lib/static-pages.mjs).
export const dynamic = "force-static";
export const dynamicParams = false;

// Typed by STATIC_PAGES: a page listed there without a component here fails `tsc`.
const PAGES: Record<(typeof STATIC_PAGES)[number]["segment"], { Page: () => Promise<React.JSX.Element>; metadata: () => Promise<Metadata> }> = {
  about: { Page: AboutPage, metadata: aboutMetadata },
};

// Next types params as strings; dynamicParams = false keeps them to generateStaticParams' values.
type Params = { locale: string; page: string };
const localeOf = (l: string): Locale => (isLocale(l) ? l : notFound());
const pageOf = (segment: string) => (Object.hasOwn(PAGES, segment) ? PAGES[segment as keyof typeof PAGES] : null);

export async function generateMetadata({ params }: { params: Promise<Params> }) {
  const { locale: l, page } = await params;
  const locale = localeOf(l);
  setRequestLocale(locale);
  return (await pageOf(page)?.metadata()) ?? {};
}

export default async function StaticPage({ params }: { params: Promise<Params> }) {
  const { locale: l, page } = await params;
  const locale = localeOf(l);
  setRequestLocale(locale);
  const found = pageOf(page);
  if (!found) notFound();
  return <found.Page />;
}
