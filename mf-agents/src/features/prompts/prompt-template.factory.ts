import type { PromptTemplate, PromptVersionEntry } from '@masar/contracts';

/** A template as the gateway answers it: the built-in lesson-writing one, unless told otherwise. */
export function buildPromptTemplate(overrides: Partial<PromptTemplate> = {}): PromptTemplate {
  return {
    id: '7b3e2f1a-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
    name: 'lesson-composition',
    category: 'course-authoring',
    model: 'default',
    effectiveModel: 'gpt-4o-mini',
    maxTokensLimit: 16384,
    temperature: '0.3',
    maxTokens: 4000,
    description: 'Writes one lesson of a course from its library sources.',
    prompt: 'Write a {lessonType} lesson in {languageName}.',
    parameters: ['language', 'languageName', 'lessonType', 'sourceCount'],
    version: 2,
    updatedBy: null,
    updatedAt: '2026-11-25T08:30:00.000Z',
    ...overrides,
  };
}

export function buildPromptVersion(template: PromptTemplate, overrides: Partial<PromptVersionEntry> = {}): PromptVersionEntry {
  return {
    templateId: template.id,
    version: template.version,
    prompt: template.prompt,
    description: template.description,
    temperature: template.temperature,
    maxTokens: template.maxTokens,
    model: template.model,
    changedBy: template.updatedBy,
    changedByName: null,
    changedAt: template.updatedAt,
    changes: [],
    restoredFrom: null,
    ...overrides,
  };
}
