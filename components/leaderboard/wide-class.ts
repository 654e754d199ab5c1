/** Classes of a column hidden on a phone, unless the board is sorted by it (then it shows beside the headline). */
export type WideClass = (key?: string) => string;

// A phone shows rank, method and the headline (and the column the board is sorted by); the rest
// is one tap away in each row's CategoryDetails.
export const wideClass =
  (sortScope: string | undefined): WideClass =>
  (key) =>
    key !== undefined && key === sortScope ? "" : "max-sm:hidden";
