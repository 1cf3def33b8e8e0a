import { PROMPT_PARAMETER_SAMPLES, type PromptTemplate } from '@masar/contracts';
import { showToast, toApiError } from '@masar/shell/runtime';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDraft, draftOf, type PromptDraft, type PromptProblems, serverFieldProblem } from '../prompt-problems';
import { useUpdatePromptMutation } from '../prompts.api';

/** The sample values the preview starts with: a known example per parameter, else empty (shown as [name]). */
function samplesFor(template: PromptTemplate): Record<string, string> {
  return Object.fromEntries(template.parameters.map((name) => [name, PROMPT_PARAMETER_SAMPLES[name] ?? '']));
}

/**
 * The editor of one template: the draft, its problems (the contracts' checks, live), the preview's
 * sample values, and saving with the spec's toasts. The caller keys it by template id and version, so
 * a saved or restored version starts a fresh draft.
 */
export function usePromptEditor(template: PromptTemplate) {
  const { t } = useTranslation('prompts');
  const [draft, setDraft] = useState<PromptDraft>(() => draftOf(template));
  const [samples, setSamples] = useState<Record<string, string>>(() => samplesFor(template));
  const [serverProblems, setServerProblems] = useState<PromptProblems>({});
  const [updatePrompt, { isLoading: isSaving }] = useUpdatePromptMutation();

  const checked = useMemo(() => checkDraft(draft, template, t), [draft, template, t]);
  const saved = draftOf(template);
  const isDirty = (Object.keys(saved) as (keyof PromptDraft)[]).some((field) => saved[field] !== draft[field]);

  const change = (field: keyof PromptDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerProblems((current) => ({ ...current, [field]: undefined }));
  };

  const save = async (): Promise<void> => {
    if (!checked.edit) return;
    try {
      await updatePrompt({ id: template.id, changes: checked.edit }).unwrap();
      showToast({ kind: 'success', title: t('toasts.updated'), description: t('toasts.updatedDescription') });
    } catch (caught) {
      const error = toApiError(caught);
      if (error?.status === 404) {
        showToast({ kind: 'error', title: t('toasts.notFound') });
        return;
      }
      setServerProblems(serverFieldProblem(error?.serverMessage, t));
      const reason = error?.serverMessage ?? error?.message;
      showToast({
        kind: 'error',
        title: t('toasts.updateFailed'),
        description: reason ? `${t('toasts.updateFailedDescription')} ${reason}` : t('toasts.updateFailedDescription'),
      });
    }
  };

  return {
    draft,
    change,
    discard: () => {
      setDraft(saved);
      setServerProblems({});
    },
    problems: { ...checked.problems, ...Object.fromEntries(Object.entries(serverProblems).filter(([, problem]) => problem)) } as PromptProblems,
    canSave: checked.edit !== undefined && isDirty && !isSaving,
    isDirty,
    isSaving,
    save,
    samples,
    setSample: (name: string, value: string) => setSamples((current) => ({ ...current, [name]: value })),
  };
}
