import clsx from "clsx";
import type { ComponentProps, ReactNode } from "react";

// shadcn's table shape. Server-safe: no context, so cell padding is a prop on each cell.

// Shadows at an edge where more columns hide (covers attached "local" hide them at either end).
const SCROLL =
  "overflow-x-auto [--sb:var(--color-white)] dark:[--sb:var(--color-slate-950)] [background:linear-gradient(to_right,var(--sb)_30%,transparent)_left_center/2.5rem_100%_no-repeat_local,linear-gradient(to_left,var(--sb)_30%,transparent)_right_center/2.5rem_100%_no-repeat_local,radial-gradient(farthest-side_at_0_50%,rgb(0_0_0/0.2),transparent)_left_center/0.75rem_100%_no-repeat_scroll,radial-gradient(farthest-side_at_100%_50%,rgb(0_0_0/0.2),transparent)_right_center/0.75rem_100%_no-repeat_scroll]";

type TableProps = ComponentProps<"table"> & {
  /** Names the scroll region; a named region is focusable so keyboard users can scroll it. */
  label?: string;
  caption?: ReactNode;
  captionClassName?: string;
  /** Replaces the scroll box's classes (the board scrolls both ways in its own box). */
  scrollClassName?: string;
  /** "full" stretches to the container; "auto" keeps the table as wide as its content. */
  width?: "full" | "auto";
  /** Extra nodes inside the scroll box after the table (a legend). */
  after?: ReactNode;
  "data-region-testid"?: string;
  /** A phone-only line above the box saying it scrolls sideways (the edge shadows alone were missed). */
  scrollHint?: string;
};

export function Table({
  label,
  caption,
  captionClassName = "sr-only",
  scrollClassName = SCROLL,
  width = "full",
  after,
  className,
  children,
  "data-region-testid": regionTestId,
  scrollHint,
  ...rest
}: TableProps) {
  const region = label ? { tabIndex: 0, role: "region", "aria-label": label } : {};
  const box = (
    <div className={scrollClassName} data-testid={regionTestId} {...region}>
      <table className={clsx(width === "full" && "min-w-full", className ?? "text-sm")} {...rest}>
        {caption !== undefined ? <caption className={captionClassName}>{caption}</caption> : null}
        {children}
      </table>
      {after}
    </div>
  );
  if (!scrollHint) return box;
  return (
    <div className="min-w-0">
      <p
        className="mb-1 text-xs text-slate-600 sm:hidden dark:text-slate-400"
        aria-hidden="true"
        data-testid="scroll-hint"
      >
        {scrollHint}
      </p>
      {box}
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return <thead {...props} />;
}

export function TBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}

const ROW = {
  head: "border-b border-slate-300 dark:border-slate-700",
  body: "border-b border-slate-100 dark:border-slate-800",
  plain: "",
} as const;

/** `kind` picks the header row's or a body row's rule; rows add their own classes after it. */
export function Tr({ kind = "body", className, ...rest }: ComponentProps<"tr"> & { kind?: keyof typeof ROW }) {
  return <tr className={clsx(ROW[kind], className) || undefined} {...rest} />;
}

const PAD = { md: "px-2 py-1", sm: "px-1 py-1", x: "px-2", none: "" } as const;
type CellProps = { pad?: keyof typeof PAD; align?: "left" | "right" | "center" };
const ALIGN = { left: "text-left", right: "text-right", center: "text-center" } as const;

/** A header cell; column headers by default, `scope="row"` for a row's name. */
export function Th({ pad = "md", align, scope = "col", className, ...rest }: ComponentProps<"th"> & CellProps) {
  return <th scope={scope} className={clsx(PAD[pad], align && ALIGN[align], className) || undefined} {...rest} />;
}

export function Td({ pad = "md", align, className, ...rest }: ComponentProps<"td"> & CellProps) {
  return <td className={clsx(PAD[pad], align && ALIGN[align], className) || undefined} {...rest} />;
}

/** A header of plain column names; `numeric` right-aligns all but the first. */
export function HeadRow({ labels, numeric = false }: { labels: ReactNode[]; numeric?: boolean }) {
  return (
    <thead>
      <Tr kind="head" className={numeric ? "text-right" : "text-left"}>
        {labels.map((label, i) => (
          <Th key={i} className={numeric && i === 0 ? "text-left" : undefined}>
            {label}
          </Th>
        ))}
      </Tr>
    </thead>
  );
}

export function TableEmpty({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Tr kind="plain">
      <Td colSpan={colSpan} pad="none" className="px-2 py-2 text-slate-600 dark:text-slate-400">
        {children}
      </Td>
    </Tr>
  );
}
