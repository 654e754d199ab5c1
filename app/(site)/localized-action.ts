import "server-only";
import { action } from "@/lib/server/http";
import { localizeError } from "@/lib/server/localize-error";

/** action() with failures in the visitor's language (the shared buttons show the message as it comes). */
export const localizedAction = <T>(fn: () => Promise<T>) => action(fn).then(localizeError);
