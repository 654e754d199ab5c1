import { Field } from "@/components/ui/field";

/** Method card: what the leaderboard shows about an entry. Names match the API v1 fields. */
export function MethodCardFields({ errors }: { errors: Record<string, string> }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Method card</legend>
      <Field label="Method name" name="methodName" required maxLength={200} error={errors.methodName} />
      <Field label="Organization" name="organization" maxLength={200} error={errors.organization} />
      <Field label="Paper URL" name="paperUrl" type="url" placeholder="https://" error={errors.paperUrl} />
      <Field label="Code URL" name="codeUrl" type="url" placeholder="https://" error={errors.codeUrl} />
      <Field label="Backbone model" name="backbone" maxLength={200} hint="e.g. Qwen2.5-VL-7B-Instruct" error={errors.backbone} />
      <Field label="Memory method" name="memoryMethod" maxLength={200} hint="e.g. dense RAG, top-K = 5" error={errors.memoryMethod} />
      <div>
        <label htmlFor="f-modality" className="mb-1 block text-sm font-medium">
          Input modality
        </label>
        <select id="f-modality" name="modality" defaultValue="" className="w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
          <option value="">Not stated</option>
          <option value="text">Text only</option>
          <option value="multimodal">Multimodal</option>
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="f-description" className="mb-1 block text-sm font-medium">
          Description
        </label>
        <textarea
          id="f-description"
          name="description"
          rows={4}
          maxLength={5000}
          aria-invalid={errors.description ? true : undefined}
          className="w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        />
        {errors.description ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.description}</p> : null}
      </div>
      <div className="flex items-start gap-2 sm:col-span-2">
        <input id="f-public-predictions" type="checkbox" name="publicPredictions" value="true" className="mt-1" />
        <label htmlFor="f-public-predictions" className="text-sm">
          <span className="font-medium">Make the prediction files public</span> once the entry is approved, so anyone can download and
          re-score them (<code>h2hmem verify</code>). This cannot be undone.
        </label>
      </div>
    </fieldset>
  );
}
