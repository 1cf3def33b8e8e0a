import { Repository } from 'typeorm';
import { loadConfig } from '../config';
import { AiProviderError } from '../providers/ai-provider-error';
import { PromptTemplate } from './entities/prompt-template.entity';
import { PROMPT_TEMPLATES_UNAVAILABLE_MESSAGE, StoredPromptSource } from './stored-prompt-source';

function storedTemplate(overrides: Partial<PromptTemplate> = {}): PromptTemplate {
  return Object.assign(new PromptTemplate(), {
    id: '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44',
    name: 'lesson-composition',
    category: 'course-authoring',
    model: 'default',
    temperature: '0.3',
    maxTokens: 4000,
    description: '',
    prompt: 'Write a {lessonType} lesson in {languageName}.',
    parameters: ['lessonType', 'languageName'],
    version: 3,
    updatedBy: null,
    updatedAt: new Date(),
    ...overrides,
  });
}

/** A repository whose one read the test decides. */
function repositoryAnswering(read: () => Promise<PromptTemplate | null>) {
  const findOneBy = jest.fn(read);
  return { repository: { findOneBy } as unknown as Repository<PromptTemplate>, findOneBy };
}

describe('StoredPromptSource', () => {
  const config = loadConfig({ OPENAI_MODEL: 'gpt-4.1-mini' });

  it('fills the placeholders, resolves the default model, and reads the text temperature as a number', async () => {
    const { repository } = repositoryAnswering(async () => storedTemplate());
    const prompt = await new StoredPromptSource(repository, config).resolve('lesson-composition', { lessonType: 'quiz', languageName: 'English' });
    expect(prompt).toEqual({
      name: 'lesson-composition',
      version: 3,
      system: 'Write a quiz lesson in English.',
      model: 'gpt-4.1-mini',
      temperature: 0.3,
      maxTokens: 4000,
    });
  });

  it('reuses a template it read a moment ago, and reads it again once told it changed', async () => {
    const { repository, findOneBy } = repositoryAnswering(async () => storedTemplate({ model: 'gpt-4o' }));
    const source = new StoredPromptSource(repository, config);
    await source.resolve('lesson-composition', {});
    expect((await source.resolve('lesson-composition', {})).model).toBe('gpt-4o');
    expect(findOneBy).toHaveBeenCalledTimes(1);
    source.forget('lesson-composition');
    await source.resolve('lesson-composition', {});
    expect(findOneBy).toHaveBeenCalledTimes(2);
  });

  it('answers 503 when the database does not answer or the template is missing, never calling the model blind', async () => {
    const down = repositoryAnswering(async () => Promise.reject(new Error('connect ECONNREFUSED')));
    await expect(new StoredPromptSource(down.repository, config).resolve('lesson-composition', {})).rejects.toEqual(
      new AiProviderError(503, PROMPT_TEMPLATES_UNAVAILABLE_MESSAGE),
    );
    const missing = repositoryAnswering(async () => null);
    await expect(new StoredPromptSource(missing.repository, config).resolve('skill-extraction', {})).rejects.toMatchObject({ statusCode: 503 });
  });
});
