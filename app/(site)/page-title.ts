import type { Metadata } from "next";
import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";
import { getTranslations } from "next-intl/server";

/** A page's generateMetadata when its title is one message: `pageTitle("admin.users.title")`. */
export const pageTitle = (key: MessageKeys<Messages, NestedKeyOf<Messages>>) => async (): Promise<Metadata> => ({
  title: (await getTranslations())(key),
});
