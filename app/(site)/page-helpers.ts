import type { Metadata } from "next";
import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { isAppError } from "@/lib/server/errors";

/** A page's generateMetadata when its title is one message: `pageTitle("admin.users.title")`. */
export const pageTitle = (key: MessageKeys<Messages, NestedKeyOf<Messages>>) => async (): Promise<Metadata> => ({
  title: (await getTranslations())(key),
});

/** The page's 404 for a lookup that fails with NOT_FOUND; other errors propagate. */
export const orNotFound = <T>(lookup: Promise<T>): Promise<T> =>
  lookup.catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
