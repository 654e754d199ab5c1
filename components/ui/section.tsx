import type { ComponentProps, ReactNode } from "react";

export function Section({
  hid,
  heading,
  children,
  ...rest
}: ComponentProps<"section"> & { hid: string; heading: ReactNode }) {
  return (
    <section aria-labelledby={hid} {...rest}>
      <h2 id={hid} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
