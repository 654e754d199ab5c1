import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { TRACKS } from "@/lib/validation/tracks";
import type { SubmitText } from "./submit-form";

const CARD_KEYS = [
  "legend",
  "methodName",
  "organization",
  "paperUrl",
  "codeUrl",
  "backbone",
  "backboneHint",
  "memoryMethod",
  "memoryMethodHint",
  "ranBy",
  "ranByNone",
  "ranByFirst",
  "ranByThird",
  "methodOwner",
  "methodOwnerHint",
  "efficiency",
  "storageSeconds",
  "retrievalSeconds",
  "answerSeconds",
  "tokens",
  "hardware",
  "hardwareHint",
  "modality",
  "modalityNone",
  "modalityText",
  "modalityMultimodal",
  "description",
  "runOf",
  "runOfHint",
  "reproduces",
  "reproducesHint",
  "track",
  "trackHint",
  "budget",
  "contextTopK",
  "contextTokens",
] as const;

/** The upload form's first-screen wording in the page's language (the page adds the messages for the rest). */
export async function submitFormProps(remaining: number | null) {
  const locale = (await getLocale()) as Locale;
  const [t, tc, tt] = await Promise.all([
    getTranslations("submit"),
    getTranslations("submit.card"),
    getTranslations("tracks"),
  ]);
  const slot = (field: "dyadic" | "multiparty") => ({
    label: t(`${field}Label`),
    hint: t("dropHint", { hint: t(`${field}Hint`) }),
  });
  const text: SubmitText = {
    quota: remaining === null ? t("quotaAdmin") : t("quota", { remaining }),
    upload: t("upload"),
    uploading: t("uploading"),
    fixFirst: t("fixFirst"),
    methodNameRequired: t("methodNameRequired"),
    networkError: t("networkError"),
    serverRejected: t("serverRejected"),
    slots: { dyadic: slot("dyadic"), multiparty: slot("multiparty") },
    card: {
      labels: {
        ...Object.fromEntries(CARD_KEYS.map((k) => [k, tc(k)])),
        ...Object.fromEntries(TRACKS.map((k) => [`track.${k}`, tt(k)])),
      },
      publicPredictions: tc.rich("publicPredictions", {
        strong: (c) => <span className="font-medium">{c}</span>,
        code: (c) => <code>{c}</code>,
      }),
    },
  };
  return { text, locale };
}
