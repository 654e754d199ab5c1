import { getLocale } from "next-intl/server";
import { formatter, type Formatter } from "./format";

/** Client components use `formatter(useLocale())`. */
export async function getFormat(): Promise<Formatter> {
  return formatter(await getLocale());
}
