import { getLocale } from "next-intl/server";
import { formatter, type Formatter } from "./format";

/** Server components: `const f = await getFormat(); f.score(x)`. Client components: `formatter(useLocale())`. */
export async function getFormat(): Promise<Formatter> {
  return formatter(await getLocale());
}
