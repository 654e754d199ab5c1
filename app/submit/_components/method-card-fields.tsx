import { Field } from "@/components/ui/field";
import { BACKBONES } from "@/lib/validation/backbones";

/** Method card: what the leaderboard shows about an entry. Names match the API v1 fields. */
export function MethodCardFields({ errors }: { errors: Record<string, string> }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Method card</legend>
      <Field label="Method name" name="methodName" required maxLength={200} error={errors.methodName} />
      <Field label="Organization" name="organization" maxLength={200} error={errors.organization} />
      <Field label="Paper URL" name="paperUrl" type="url" placeholder="https://" error={errors.paperUrl} />
      <Field label="Code URL" name="codeUrl" type="url" placeholder="https://" error={errors.codeUrl} />
      <Field label="Backbone model" name="backbone" maxLength={200} list="backbone-list" hint="Pick from the list, or type another model (grouped as “other”)" error={errors.backbone} />
      <datalist id="backbone-list">
        {BACKBONES.map((b) => <option key={b} value={b} />)}
      </datalist>
      <Field label="Memory method" name="memoryMethod" maxLength={200} hint="e.g. dense RAG, top-K = 5" error={errors.memoryMethod} />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Efficiency (optional, shown as self-reported)</legend>
        <Field label="Storage seconds per session" name="storageSecondsPerSession" type="number" min={0} step="any" error={errors.storageSecondsPerSession} />
        <Field label="Retrieval seconds per question" name="retrievalSecondsPerQuestion" type="number" min={0} step="any" error={errors.retrievalSecondsPerQuestion} />
        <Field label="Answering seconds per question" name="answerSecondsPerQuestion" type="number" min={0} step="any" error={errors.answerSecondsPerQuestion} />
        <Field label="Tokens per question" name="tokensPerQuestion" type="number" min={0} step="any" error={errors.tokensPerQuestion} />
        <Field label="Hardware" name="hardware" maxLength={200} hint="e.g. 1x A100 80GB" error={errors.hardware} className="sm:col-span-2" />
      </fieldset>
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
