"use client";

import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { BACKBONES } from "@/lib/validation/backbones";
import { SelectField } from "@/components/ui/select-field";
import { TRACKS } from "@/lib/validation/tracks";

/** Not words: the same in every locale. */
const URL_PLACEHOLDER = "https://";

/** The card's wording, translated on the server (the page ships no translation library, issue 46). */
export type CardText = { labels: Record<string, string>; publicPredictions: ReactNode };

export function MethodCardFields({ errors, text }: { errors: Record<string, string>; text: CardText }) {
  const t = (key: string) => text.labels[key];
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{t("legend")}</legend>
      <Field label={t("methodName")} name="methodName" required maxLength={200} error={errors.methodName} />
      <Field label={t("organization")} name="organization" maxLength={200} error={errors.organization} />
      <Field label={t("paperUrl")} name="paperUrl" type="url" placeholder={URL_PLACEHOLDER} error={errors.paperUrl} />
      <Field label={t("codeUrl")} name="codeUrl" type="url" placeholder={URL_PLACEHOLDER} error={errors.codeUrl} />
      <Field
        label={t("backbone")}
        name="backbone"
        maxLength={200}
        list="backbone-list"
        hint={t("backboneHint")}
        error={errors.backbone}
      />
      <datalist id="backbone-list">
        {BACKBONES.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>
      <Field
        label={t("memoryMethod")}
        name="memoryMethod"
        maxLength={200}
        hint={t("memoryMethodHint")}
        error={errors.memoryMethod}
      />
      <SelectField
        name="track"
        label={t("track")}
        variant="form"
        defaultValue="memory"
        options={TRACKS.map((k) => [k, t(`track.${k}`)])}
      />
      <p className="text-sm text-slate-600 sm:self-end dark:text-slate-400">{t("trackHint")}</p>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">{t("budget")}</legend>
        <Field label={t("contextTopK")} name="contextTopK" type="number" min={1} step={1} error={errors.contextTopK} />
        <Field
          label={t("contextTokens")}
          name="contextTokens"
          type="number"
          min={1}
          step={1}
          error={errors.contextTokens}
        />
      </fieldset>
      <SelectField
        name="ranBy"
        label={t("ranBy")}
        variant="form"
        defaultValue=""
        options={[
          ["", t("ranByNone")],
          ["first-party", t("ranByFirst")],
          ["third-party", t("ranByThird")],
        ]}
      />
      <Field
        label={t("methodOwner")}
        name="methodOwner"
        maxLength={200}
        hint={t("methodOwnerHint")}
        error={errors.methodOwner}
      />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">{t("efficiency")}</legend>
        <Field
          label={t("storageSeconds")}
          name="storageSecondsPerSession"
          type="number"
          min={0}
          step="any"
          error={errors.storageSecondsPerSession}
        />
        <Field
          label={t("retrievalSeconds")}
          name="retrievalSecondsPerQuestion"
          type="number"
          min={0}
          step="any"
          error={errors.retrievalSecondsPerQuestion}
        />
        <Field
          label={t("answerSeconds")}
          name="answerSecondsPerQuestion"
          type="number"
          min={0}
          step="any"
          error={errors.answerSecondsPerQuestion}
        />
        <Field
          label={t("tokens")}
          name="tokensPerQuestion"
          type="number"
          min={0}
          step="any"
          error={errors.tokensPerQuestion}
        />
        <Field
          label={t("hardware")}
          name="hardware"
          maxLength={200}
          hint={t("hardwareHint")}
          error={errors.hardware}
          className="sm:col-span-2"
        />
      </fieldset>
      <Field label={t("runOf")} name="runOf" maxLength={40} hint={t("runOfHint")} error={errors.runOf} />
      <Field
        label={t("reproduces")}
        name="reproduces"
        maxLength={40}
        hint={t("reproducesHint")}
        error={errors.reproduces}
      />
      <SelectField
        name="modality"
        label={t("modality")}
        variant="form"
        defaultValue=""
        options={[
          ["", t("modalityNone")],
          ["text", t("modalityText")],
          ["multimodal", t("modalityMultimodal")],
        ]}
      />
      <div className="sm:col-span-2">
        <label htmlFor="f-description" className="mb-1 block text-sm font-medium">
          {t("description")}
        </label>
        <textarea
          id="f-description"
          name="description"
          rows={4}
          maxLength={5000}
          aria-invalid={errors.description ? true : undefined}
          className="w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        />
        {errors.description ? (
          <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.description}</p>
        ) : null}
      </div>
      <div className="flex items-start gap-2 sm:col-span-2">
        <input id="f-public-predictions" type="checkbox" name="publicPredictions" value="true" className="mt-1" />
        <label htmlFor="f-public-predictions" className="text-sm">
          {text.publicPredictions}
        </label>
      </div>
    </fieldset>
  );
}
