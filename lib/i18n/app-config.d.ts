import type { Locale } from "./locales";
import type { Messages } from "./load-messages";

// Types next-intl's t(), useLocale() and getLocale() against our locales and the English file,
// so a misspelt key fails `tsc` (https://next-intl.dev/docs/workflows/typescript).
declare module "next-intl" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
