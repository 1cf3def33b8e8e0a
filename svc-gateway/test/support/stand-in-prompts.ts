import {
  AI_SUBJECTS,
  type Caller,
  getPromptRequestSchema,
  modelOutputTokenLimit,
  PROMPT_EDITABLE_FIELDS,
  PROMPT_NOT_FOUND_MESSAGE,
  promptEditSchemaFor,
  promptIdRequestSchema,
  type PromptTemplate,
  type PromptTemplateVersion,
  restorePromptMessageSchema,
  updatePromptMessageSchema,
} from '@masar/contracts';
import { ADMINS_ONLY_MESSAGE } from '@masar/contracts/service-kit';
import type { Reply } from './stand-in-services';
import { invalid } from './stand-in-services';

/** The parameters svc-ai declares for the template names the consumers' states use. */
const STAND_IN_PARAMETERS: Record<string, string[]> = {
  'lesson-composition': ['language', 'languageName', 'lessonType', 'sourceCount'],
  'skill-extraction': ['language', 'languageName'],
  'image-description': ['mediaType'],
};

const NOT_FOUND: Reply = { err: { statusCode: 404, message: PROMPT_NOT_FOUND_MESSAGE } };

/**
 * svc-ai's prompt templates in memory, for the gateway's provider verification: the same subjects,
 * the caller's role checked as svc-ai checks it, edits checked with the contracts' schema, and every
 * save and restore kept as a version. The real svc-ai is held to these subjects by svc-gateway-svc-ai.json.
 */
export class StandInPromptTemplates {
  private readonly templates = new Map<string, PromptTemplate>();
  private readonly versions = new Map<string, PromptTemplateVersion[]>();

  /** The built-in template `name` as first seeded (version 1), under `id`. */
  seed(id: string, name: string): void {
    this.templates.set(id, {
      id,
      name,
      category: name === 'skill-extraction' ? 'skills' : 'course-authoring',
      model: 'default',
      effectiveModel: 'gpt-4o-mini',
      maxTokensLimit: modelOutputTokenLimit('gpt-4o-mini'),
      temperature: '0.3',
      maxTokens: 4000,
      description: `The built-in ${name} prompt.`,
      prompt: `You are Masar's ${name} assistant.`,
      parameters: STAND_IN_PARAMETERS[name] ?? [],
      version: 1,
      updatedBy: null,
      updatedAt: new Date().toISOString(),
    });
    this.versions.set(id, [this.versionOf(this.templates.get(id)!, [], null)]);
  }

  reset(): void {
    this.templates.clear();
    this.versions.clear();
  }

  handlers(): Record<string, (data: unknown, caller: Caller | null) => Reply> {
    const asAdmin = (handle: (data: unknown, caller: Caller) => Reply) => (data: unknown, caller: Caller | null): Reply => {
      if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
      if (caller.role !== 'admin') return { err: { statusCode: 403, message: ADMINS_ONLY_MESSAGE } };
      return handle(data, caller);
    };
    return {
      [AI_SUBJECTS.LIST_PROMPTS]: asAdmin(() => ({ response: { items: [...this.templates.values()].sort((a, b) => a.name.localeCompare(b.name)) } })),
      [AI_SUBJECTS.GET_PROMPT]: asAdmin((data) => {
        const parsed = getPromptRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const request = parsed.data;
        const found = 'id' in request ? this.templates.get(request.id) : [...this.templates.values()].find((template) => template.name === request.name);
        return found ? { response: found } : NOT_FOUND;
      }),
      [AI_SUBJECTS.UPDATE_PROMPT]: asAdmin((data, caller) => {
        const parsed = updatePromptMessageSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        return this.save(parsed.data.id, parsed.data.changes, caller, null);
      }),
      [AI_SUBJECTS.LIST_PROMPT_VERSIONS]: asAdmin((data) => {
        const parsed = promptIdRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const versions = this.versions.get(parsed.data.id);
        return versions ? { response: { items: [...versions].reverse() } } : NOT_FOUND;
      }),
      [AI_SUBJECTS.RESTORE_PROMPT_VERSION]: asAdmin((data, caller) => {
        const parsed = restorePromptMessageSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const older = this.versions.get(parsed.data.id)?.find((version) => version.version === parsed.data.version);
        if (!this.templates.has(parsed.data.id)) return NOT_FOUND;
        if (!older) return { err: { statusCode: 404, message: `Version ${parsed.data.version} of this prompt does not exist` } };
        const { prompt, description, temperature, maxTokens } = older;
        return this.save(parsed.data.id, { prompt, description, temperature, maxTokens }, caller, older.version);
      }),
    };
  }

  private save(id: string, values: Pick<PromptTemplate, (typeof PROMPT_EDITABLE_FIELDS)[number]>, caller: Caller, restoredFrom: number | null): Reply {
    const template = this.templates.get(id);
    if (!template) return NOT_FOUND;
    const checked = promptEditSchemaFor(template).safeParse(values);
    if (!checked.success) return invalid(checked.error);
    const changes = PROMPT_EDITABLE_FIELDS.filter((field) => template[field] !== checked.data[field]);
    const saved: PromptTemplate = { ...template, ...checked.data, version: template.version + 1, updatedBy: caller.id, updatedAt: new Date().toISOString() };
    this.templates.set(id, saved);
    this.versions.get(id)!.push(this.versionOf(saved, changes, restoredFrom));
    return { response: saved };
  }

  private versionOf(template: PromptTemplate, changes: PromptTemplateVersion['changes'], restoredFrom: number | null): PromptTemplateVersion {
    return {
      templateId: template.id,
      version: template.version,
      prompt: template.prompt,
      description: template.description,
      temperature: template.temperature,
      maxTokens: template.maxTokens,
      model: template.model,
      changedBy: template.updatedBy,
      changedAt: template.updatedAt,
      changes,
      restoredFrom,
    };
  }
}
