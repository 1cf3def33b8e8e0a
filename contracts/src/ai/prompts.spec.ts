import { describeValidationError } from '../errors';
import {
  DEFAULT_MODEL_OUTPUT_TOKEN_LIMIT,
  looksBlank,
  modelOutputTokenLimit,
  placeholdersIn,
  promptEditSchemaFor,
  renderPromptPreview,
  restorePromptMessageSchema,
  updatePromptRequestSchema,
} from './prompts';

const lessonTemplate = { parameters: ['language', 'lessonType'], effectiveModel: 'gpt-4o-mini', maxTokensLimit: 16_384 };
const edit = { prompt: 'Write a {lessonType} lesson in {language}.', description: ' Lessons ', temperature: ' 0.7 ', maxTokens: 2000 };

/** The one sentence a 400 carries for an edit, or undefined when the edit is accepted. */
function problemWith(changes: Record<string, unknown>): string | undefined {
  const parsed = promptEditSchemaFor(lessonTemplate).safeParse({ ...edit, ...changes });
  return parsed.success ? undefined : describeValidationError(parsed.error);
}

describe('renderPromptPreview', () => {
  it('fills every {name} with its value and shows [name] for a missing or blank one', () => {
    expect(renderPromptPreview('Write {count} questions in {language} on {topic}.', { count: '3', language: ' ' })).toBe(
      'Write 3 questions in [language] on [topic].',
    );
  });

  it('leaves JSON braces and text that is not a placeholder alone, and fills a placeholder used twice', () => {
    const prompt = 'Answer {"skills": [string]} in {language}; {not a name} {1st} {language}';
    expect(renderPromptPreview(prompt, { language: 'ar' })).toBe('Answer {"skills": [string]} in ar; {not a name} {1st} ar');
    expect(placeholdersIn(prompt)).toEqual(['language']);
  });

  it('never reads a value from the object prototype', () => {
    expect(renderPromptPreview('{constructor} {toString}', {})).toBe('[constructor] [toString]');
  });

  it('does not fill a value into the value it just filled', () => {
    expect(renderPromptPreview('{a} {b}', { a: '{b}', b: 'B' })).toBe('{b} B');
  });
});

describe('the edit of a prompt template', () => {
  it('accepts a good edit, trimming the temperature and description', () => {
    expect(promptEditSchemaFor(lessonTemplate).parse(edit)).toEqual({ ...edit, description: 'Lessons', temperature: '0.7' });
  });

  it.each([
    ['abc', 'temperature: Temperature must be a number, such as 0.7'],
    ['3', 'temperature: Temperature must be from 0 to 2'],
    ['-0.1', 'temperature: Temperature must be from 0 to 2'],
    ['', 'temperature: Temperature is required'],
    ['   ', 'temperature: Temperature is required'],
    ['1e0', 'temperature: Temperature must be a number, such as 0.7'],
    [null, 'temperature: Temperature is required'],
  ])('refuses the temperature %j', (temperature, message) => {
    expect(problemWith({ temperature })).toBe(message);
  });

  it.each([['0'], ['2'], ['1.25'], ['.5'], [1.5]])('accepts the temperature %j', (temperature) => {
    expect(problemWith({ temperature })).toBeUndefined();
  });

  it.each([
    [0, 'maxTokens: Max tokens must be at least 1'],
    [1.5, 'maxTokens: Max tokens must be a whole number'],
    ['many', 'maxTokens: Max tokens must be a whole number'],
    [16_385, 'maxTokens: Max tokens must be at most 16384 for gpt-4o-mini'],
  ])('refuses max tokens %j', (maxTokens, message) => {
    expect(problemWith({ maxTokens })).toBe(message);
  });

  it('reads max tokens typed as digits as the number', () => {
    expect(promptEditSchemaFor(lessonTemplate).parse({ ...edit, maxTokens: '16384' }).maxTokens).toBe(16_384);
  });

  it('names the placeholder that is not a declared parameter', () => {
    expect(problemWith({ prompt: 'Write about {topic} in {language}.' })).toBe(
      'prompt: The placeholder {topic} is not a declared parameter (declared: language, lessonType)',
    );
    const none = promptEditSchemaFor({ ...lessonTemplate, parameters: [] }).safeParse({ ...edit, prompt: '{a} and {b}' });
    expect(none.success ? '' : describeValidationError(none.error)).toBe(
      'prompt: The placeholders {a}, {b} are not declared parameters (this prompt takes no parameters)',
    );
  });

  it.each([
    ['empty', ''],
    ['spaces and new lines', '  \n\t '],
    ['no-break spaces', '\u00A0\u00A0'],
    ['zero-width characters', '\u200B\u200C\u200D\uFEFF\u2060'],
  ])('refuses a prompt that is %s', (_case, prompt) => {
    expect(problemWith({ prompt })).toBe('prompt: Prompt is required');
    expect(looksBlank(prompt)).toBe(true);
  });

  it('bounds the prompt and the description, and refuses fields that cannot be edited', () => {
    expect(problemWith({ prompt: 'x'.repeat(20_001) })).toBe('prompt: Prompt must be at most 20000 characters');
    expect(problemWith({ description: 'd'.repeat(1001) })).toBe('description: Description must be at most 1000 characters');
    expect(updatePromptRequestSchema.safeParse({ ...edit, model: 'gpt-4o' }).success).toBe(false);
    expect(updatePromptRequestSchema.safeParse({ ...edit, description: undefined }).success).toBe(false);
  });
});

describe('modelOutputTokenLimit', () => {
  it('knows the listed models and their dated snapshots, and gives others the documented default', () => {
    expect(modelOutputTokenLimit('gpt-4o-mini')).toBe(16_384);
    expect(modelOutputTokenLimit('gpt-4o-2024-08-06')).toBe(16_384);
    expect(modelOutputTokenLimit('gpt-4.1-mini')).toBe(32_768);
    expect(modelOutputTokenLimit('llama3.1:8b')).toBe(DEFAULT_MODEL_OUTPUT_TOKEN_LIMIT);
  });
});

describe('restorePromptMessageSchema', () => {
  it('takes the version from a path segment and refuses one that is not a version number', () => {
    const id = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
    expect(restorePromptMessageSchema.parse({ id, version: '2' })).toEqual({ id, version: 2 });
    expect(restorePromptMessageSchema.safeParse({ id, version: '0' }).success).toBe(false);
    expect(restorePromptMessageSchema.safeParse({ id, version: 'two' }).success).toBe(false);
  });
});
