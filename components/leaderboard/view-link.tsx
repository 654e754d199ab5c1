import type { ComponentProps } from "react";

/** A plain link, not next/link: a document load is served by the page micro-cache, an RSC fetch is not. */
export function ViewLink(props: ComponentProps<"a"> & { href: string }) {
  return <a {...props} />;
}
