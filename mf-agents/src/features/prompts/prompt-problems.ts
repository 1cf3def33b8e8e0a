import {
  PROMPT_DESCRIPTION_MAX_CHARACTERS,
  PROMPT_TEXT_MAX_CHARACTERS,
  promptEditSchemaFor,
  type PromptEditableField,
  type PromptTemplate,
  type UpdatePromptRequest,
} from '@masar/contracts';
import type { TFunction } from 'i18next';

/** What the editor holds: the form's text, maxTokens included (the spec parses it as an integer on save). */
export interface PromptDraft {
  prompt: string;
  description: string;
  temperature: string;
  maxTokens: string;
}

export type PromptProblems = Partial<Record<PromptEditableField, string>>;

export function draftOf(template: PromptTemplate): PromptDraft {
  return { prompt: template.prompt, description: template.description, temperature: template.temperature, maxTokens: String(template.maxTokens) };
}

/**
 * The contracts' message for a field, in the reader's language. The checks themselves are the
 * contracts' (`promptEditSchemaFor`, the same svc-ai runs); a message this table does not know
 * (a newer server's) is shown as it is.
 */
export function translateProblem(message: string, t: TFunction<'prompts'>): string {
  const exact: Record<string, string> = {
    'Prompt is required': t('validation.promptRequired'),
    [`Prompt must be at most ${PROMPT_TEXT_MAX_CHARACTERS} characters`]: t('validation.promptTooLong', { max: PROMPT_TEXT_MAX_CHARACTERS }),
    [`Description must be at most ${PROMPT_DESCRIPTION_MAX_CHARACTERS} characters`]: t('validation.descriptionTooLong', { max: PROMPT_DESCRIPTION_MAX_CHARACTERS }),
    'Temperature is required': t('validation.temperatureRequired'),
    'Temperature must be a number, such as 0.7': t('validation.temperatureNumber'),
    'Temperature must be from 0 to 2': t('validation.temperatureRange'),
    'Max tokens must be a whole number': t('validation.maxTokensWhole'),
    'Max tokens must be at least 1': t('validation.maxTokensMin'),
  };
  if (message in exact) return exact[message];
  const limit = /^Max tokens must be at most (\d+) for (.+)$/.exec(message);
  if (limit) return t('validation.maxTokensMax', { limit: limit[1], model: limit[2] });
  const placeholders = /^The placeholders? (.+?) (?:is not a declared parameter|are not declared parameters) \((?:declared: (.+)|this prompt takes no parameters)\)$/.exec(message);
  if (placeholders) {
    const several = placeholders[1].includes(',');
    return t(several ? 'validation.undeclaredPlaceholders' : 'validation.undeclaredPlaceholder', {
      placeholders: placeholders[1],
      declared: placeholders[2] ?? t('validation.noParametersDeclared'),
      interpolation: { escapeValue: false },
    });
  }
  return message;
}

/** The draft checked as svc-ai will check it: the edit to send, or each field's problem. */
export function checkDraft(
  draft: PromptDraft,
  template: PromptTemplate,
  t: TFunction<'prompts'>,
): { edit: UpdatePromptRequest; problems: PromptProblems } | { edit: undefined; problems: PromptProblems } {
  const parsed = promptEditSchemaFor(template).safeParse(draft);
  if (parsed.success) return { edit: parsed.data, problems: {} };
  const problems: PromptProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PromptEditableField;
    problems[field] ??= translateProblem(issue.message, t);
  }
  return { edit: undefined, problems };
}

/** A server refusal such as "maxTokens: Max tokens must be at most 4096 for gpt-4o-mini", as a field and its words. */
export function serverFieldProblem(serverMessage: string | undefined, t: TFunction<'prompts'>): PromptProblems {
  const match = /^(?:changes\.)?(prompt|description|temperature|maxTokens): (.+)$/.exec(serverMessage ?? '');
  return match ? { [match[1]]: translateProblem(match[2], t) } : {};
}
