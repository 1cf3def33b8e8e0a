import type { PromptTemplate } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildPromptTemplate, buildPromptVersion } from '../prompt-template.factory';
import { PromptsPage } from './PromptsPage';

const admin = buildUser({ role: 'admin', username: 'admin' });
const lessons = buildPromptTemplate();
const skills = buildPromptTemplate({
  id: '1c9f6f0e-7b5f-4e63-8b4a-3f1d3e2f9f21',
  name: 'skill-extraction',
  category: 'skills',
  prompt: 'List the skills of this {languageName} posting.',
  parameters: ['language', 'languageName'],
  temperature: '0',
  version: 1,
});

/** The gateway's prompt routes over the given templates; `put` answers the save. */
function promptsGateway(put: (template: PromptTemplate, body: Record<string, unknown>) => Response = (template, body) =>
  jsonResponse({ ...template, ...body, version: template.version + 1, updatedBy: admin.id }),
) {
  const templates = [lessons, skills];
  return stubGateway(
    {
      'GET /api/prompts': () => jsonResponse({ items: templates }),
      'GET /api/prompts/:name': (_request, { name }) => {
        const template = templates.find((candidate) => candidate.name === name);
        return template ? jsonResponse(template) : jsonResponse({ statusCode: 404, message: 'Prompt not found' }, 404);
      },
      'PUT /api/prompts/:id': async (request, { id }) => put(templates.find((template) => template.id === id)!, (await request.json()) as Record<string, unknown>),
      'GET /api/prompts/:id/versions': (_request, { id }) => {
        const template = templates.find((candidate) => candidate.id === id)!;
        return jsonResponse({
          items: [
            buildPromptVersion(template, { changedBy: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', changedByName: 'Nour Saleh', changes: ['prompt'] }),
            buildPromptVersion(template, { version: 1, prompt: 'The built-in prompt.', changedBy: null }),
          ].slice(0, template.version),
        });
      },
      'POST /api/prompts/:id/versions/:version/restore': (_request, { id, version }) => {
        const template = templates.find((candidate) => candidate.id === id)!;
        return jsonResponse({ ...template, prompt: 'The built-in prompt.', version: template.version + 1, updatedBy: admin.id, restoredFrom: Number(version) });
      },
    },
    admin,
  );
}

async function openEditor(route = '/ai-agents/prompts') {
  renderWithMasar(<PromptsPage />, { route });
  await screen.findByTestId('prompt-editor');
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const saveButton = () => screen.getByTestId('prompt-save') as HTMLButtonElement;

afterEach(async () => {
  await changeLanguage('en');
});

describe('PromptsPage', () => {
  it('lists the templates and opens the first in the editor with its prompt, description, temperature and max tokens', async () => {
    promptsGateway();
    await openEditor();
    expect(screen.getAllByTestId(/^prompt-item-/).map((item) => item.getAttribute('data-testid'))).toEqual([
      'prompt-item-lesson-composition',
      'prompt-item-skill-extraction',
    ]);
    expect(screen.getByTestId('prompt-editor-name').textContent).toBe('lesson-composition');
    expect((screen.getByTestId('prompt-text') as HTMLTextAreaElement).value).toBe(lessons.prompt);
    expect((screen.getByTestId('prompt-temperature') as HTMLInputElement).value).toBe('0.3');
    expect((screen.getByTestId('prompt-max-tokens') as HTMLInputElement).value).toBe('4000');
    expect(screen.getByText('Configured default (gpt-4o-mini)')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it.each([
    ['prompt-temperature', 'abc', 'Temperature must be a number, such as 0.7.'],
    ['prompt-temperature', '3', 'Temperature must be from 0 to 2.'],
    ['prompt-temperature', ' ', 'Temperature is required.'],
    ['prompt-max-tokens', '12.5', 'Max tokens must be a whole number.'],
    ['prompt-max-tokens', '0', 'Max tokens must be at least 1.'],
    ['prompt-max-tokens', '16385', 'Max tokens can be at most 16384 for gpt-4o-mini.'],
    ['prompt-text', 'Write about {topic}.', "{topic} is not one of this template's parameters (language, languageName, lessonType, sourceCount)."],
    ['prompt-text', '\u200B\u00A0', 'Prompt is required.'],
  ])('shows the problem with %s = %j inline and does not let it be saved', async (field, value, message) => {
    const gateway = promptsGateway();
    await openEditor();
    type(field, value);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.submit(saveButton().closest('form')!);
    expect(gateway.callsTo('PUT', /prompts/)).toEqual([]);
  });

  it('says what is wrong in Arabic too', async () => {
    promptsGateway();
    await changeLanguage('ar');
    await openEditor();
    type('prompt-temperature', '3');
    expect(await screen.findByText('يجب أن تكون درجة العشوائية بين 0 و2.')).toBeTruthy();
  });

  it('previews the prompt with editable sample values, showing [name] for one left empty', async () => {
    promptsGateway();
    await openEditor();
    const preview = () => screen.getByTestId('prompt-preview').textContent;
    expect(preview()).toBe('Write a reading lesson in English.');
    type('prompt-sample-lessonType', 'quiz');
    expect(preview()).toBe('Write a quiz lesson in English.');
    type('prompt-sample-languageName', '');
    expect(preview()).toBe('Write a quiz lesson in [languageName].');
    type('prompt-text', 'In {language}: {lessonType}, {unknown}');
    expect(preview()).toBe('In en: quiz, [unknown]');
  });

  it('saves the edit (max tokens as a number) and shows the spec’s success toast', async () => {
    const gateway = promptsGateway();
    await openEditor();
    type('prompt-text', 'Write a short {lessonType} lesson.');
    type('prompt-temperature', ' 0.7 ');
    type('prompt-max-tokens', '2000');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Prompt Updated')).toBeTruthy();
    expect(screen.getByText('The prompt has been successfully updated.')).toBeTruthy();
    expect(gateway.callsTo('PUT', /prompts/)[0]).toMatchObject({
      path: `/api/prompts/${lessons.id}`,
      json: { prompt: 'Write a short {lessonType} lesson.', description: lessons.description, temperature: '0.7', maxTokens: 2000 },
    });
  });

  it('shows the spec’s failure toast with the server’s words, and the field it names inline', async () => {
    promptsGateway(() => jsonResponse({ statusCode: 400, message: 'maxTokens: Max tokens must be at most 4096 for gpt-4o-mini' }, 400));
    await openEditor();
    type('prompt-max-tokens', '8000');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Update Failed')).toBeTruthy();
    expect(screen.getByText('Failed to update the prompt. Please try again. maxTokens: Max tokens must be at most 4096 for gpt-4o-mini')).toBeTruthy();
    expect(screen.getByText('Max tokens can be at most 4096 for gpt-4o-mini.')).toBeTruthy();
  });

  it('says "Prompt not found" when the named template does not exist, or disappears before a save', async () => {
    promptsGateway(() => jsonResponse({ statusCode: 404, message: 'Prompt not found' }, 404));
    renderWithMasar(<PromptsPage />, { route: '/ai-agents/prompts?name=no-such-prompt' });
    expect(await screen.findByTestId('prompt-not-found')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Prompt not found').length).toBeGreaterThanOrEqual(2));

    fireEvent.click(screen.getByTestId('prompt-item-lesson-composition'));
    await screen.findByTestId('prompt-editor');
    type('prompt-temperature', '0.5');
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getAllByText('Prompt not found').length).toBeGreaterThanOrEqual(1));
  });

  it('lists the versions and restores an older one only after confirming', async () => {
    const gateway = promptsGateway();
    await openEditor();
    const history = screen.getByTestId('prompt-history');
    await within(history).findByTestId('prompt-version-1');
    expect(within(history).getByText('Built-in default')).toBeTruthy();
    expect(within(history).getByText(/^Saved by Nour Saleh on /)).toBeTruthy();
    expect(within(history).getByText('Changed: Prompt')).toBeTruthy();
    expect(within(history).queryByTestId('prompt-restore-2')).toBeNull();

    fireEvent.click(within(history).getByTestId('prompt-restore-1'));
    expect((await screen.findAllByText('Restore version 1?')).length).toBeGreaterThan(0);
    expect(gateway.callsTo('POST', /restore$/)).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Version restored')).toBeTruthy();
    expect(gateway.callsTo('POST', /restore$/)[0].path).toBe(`/api/prompts/${lessons.id}/versions/1/restore`);
  });
});
