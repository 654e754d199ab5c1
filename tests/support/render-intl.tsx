import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { WithIntl } from "./intl";

/** Server-renders components that read messages (next-intl) as the app's layout provides them. */
export function renderIntl(node: ReactNode, locale: "en" | "zh" = "en"): string {
  return renderToStaticMarkup(<WithIntl locale={locale}>{node}</WithIntl>);
}
