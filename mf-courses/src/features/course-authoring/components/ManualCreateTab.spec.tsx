import { IMAGE_ANALYSIS_OFFLINE_MESSAGE } from '@masar/contracts';
import { buildUser, jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildFile } from '../creation-task.factory';
import type { CourseCreationRequest } from '../hooks/useCourseCreation';
import { ManualCreateTab } from './ManualCreateTab';

const admin = buildUser({ role: 'admin' });

function renderTab() {
  const onSubmit = jest.fn<void, [CourseCreationRequest]>();
  const view = renderWithMasar(<ManualCreateTab onSubmit={onSubmit} busy={false} />);
  return { ...view, onSubmit };
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByTestId('manual-create-submit'));
const form = () => screen.getByTestId('manual-create-form');

async function submitted(onSubmit: jest.Mock<void, [CourseCreationRequest]>): Promise<CourseCreationRequest> {
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0][0];
}

describe('Manual Create', () => {
  it('starts as the sample digital marketing course, 6 modules of 4 lessons', () => {
    stubGateway({}, admin);
    renderTab();
    const values = Object.fromEntries(
      ['course-title', 'course-duration', 'course-format', 'course-department', 'course-abbreviation-input', 'course-modules', 'course-lessons'].map(
        (testId) => [testId, (screen.getByTestId(testId) as HTMLInputElement).value],
      ),
    );
    expect(values).toEqual({
      'course-title': 'Digital Marketing Fundamentals',
      'course-duration': '8 weeks',
      'course-format': 'Online',
      'course-department': 'Marketing',
      'course-abbreviation-input': 'DM-101',
      'course-modules': '6',
      'course-lessons': '4',
    });
    expect(within(form()).getByText('Blue')).toBeTruthy();
  });

  it("shows the spec's message under every empty required field and sends nothing", async () => {
    stubGateway({}, admin);
    const { onSubmit, container } = renderTab();
    for (const testId of ['course-title', 'course-description', 'course-duration', 'course-format', 'course-department', 'course-abbreviation-input']) {
      type(testId, '  ');
    }
    const clear = container.querySelector('.ant-select-clear');
    expect(clear).not.toBeNull();
    fireEvent.click(clear as Element);
    submit();

    for (const message of [
      'Title is required',
      'Description is required',
      'Duration is required',
      'Format is required',
      'Department is required',
      'Color is required',
      'Abbreviation is required',
    ]) {
      expect(await within(form()).findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says when a count is out of range', async () => {
    stubGateway({}, admin);
    const { onSubmit } = renderTab();
    type('course-modules', '25');
    type('course-lessons', '0');
    submit();
    expect(await within(form()).findByText('Number of modules must be between 1 and 20')).toBeTruthy();
    expect(within(form()).getByText('Lessons per module must be between 1 and 10')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts 6 modules and 4 lessons when the counts are not numbers, and drops an empty objective', async () => {
    stubGateway({}, admin);
    const { onSubmit } = renderTab();
    type('course-modules', 'abc');
    type('course-lessons', '');
    type('course-objective', '   ');
    type('course-title', '  Email Marketing  ');
    submit();
    const request = await submitted(onSubmit);
    expect(request.kind).toBe('create');
    if (request.kind !== 'create') return;
    expect(request.form).toMatchObject({ title: 'Email Marketing', numberOfModules: 6, lessonsPerModule: 4, language: 'en' });
    expect(request.form.objective).toBeUndefined();
  });

  it('sends the materials with the AI organization choice and the course image', async () => {
    stubGateway({ 'POST /api/courses/analyze-image': () => jsonResponse({ description: 'unused' }) }, admin);
    const { onSubmit } = renderTab();
    expect((screen.getByTestId('use-ai-organization') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('manual-materials-input').getAttribute('accept')).toBe('.pdf,.docx,.pptx,.doc,.ppt,.txt,.md');
    fireEvent.change(screen.getByTestId('manual-materials-input'), {
      target: { files: [buildFile('playbook.pdf', 'application/pdf'), buildFile('notes.md', '')] },
    });
    fireEvent.change(screen.getByTestId('course-image-input'), { target: { files: [buildFile('cover.png', 'image/png')] } });
    expect(screen.getByTestId('course-image-name').textContent).toBe('cover.png');
    fireEvent.click(screen.getByTestId('use-ai-organization'));
    submit();

    const request = await submitted(onSubmit);
    expect(request.kind).toBe('create-with-files');
    if (request.kind !== 'create-with-files') return;
    expect(request.files.map((file) => file.name)).toEqual(['playbook.pdf', 'notes.md']);
    expect(request.useAIOrganization).toBe(true);
    expect(request.courseImage?.name).toBe('cover.png');
    expect(request.form.title).toBe('Digital Marketing Fundamentals');
  });

  it('refuses materials of another type, over 10 MB, or beyond 10 files, naming each', async () => {
    stubGateway({}, admin);
    renderTab();
    const eleven = Array.from({ length: 11 }, (_, index) => buildFile(`part-${index + 1}.pdf`, 'application/pdf'));
    fireEvent.change(screen.getByTestId('manual-materials-input'), {
      target: { files: [buildFile('setup.exe', 'application/octet-stream'), buildFile('scan.pdf', 'application/pdf', 'x', 12 * 1024 * 1024), ...eleven] },
    });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('File not added');
    expect(toast.textContent).toContain('setup.exe: this type of file is not accepted (accepted: .pdf, .docx, .pptx, .doc, .ppt, .txt, .md).');
    expect(toast.textContent).toContain('scan.pdf is larger than 10 MB.');
    expect(toast.textContent).toContain('part-11.pdf was not added: at most 10 files can be attached.');
    expect(screen.getAllByTestId('chosen-file')).toHaveLength(10);
  });

  it('refuses a course image that is not an image', async () => {
    stubGateway({}, admin);
    renderTab();
    fireEvent.change(screen.getByTestId('course-image-input'), { target: { files: [buildFile('cover.pdf', 'application/pdf')] } });
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Image not added');
    expect(toast.textContent).toContain('cover.pdf is not an image. The course image must be an image file.');
    expect(screen.queryByTestId('course-image-name')).toBeNull();
  });

  it('fills an empty description from the chosen image', async () => {
    const gateway = stubGateway(
      { 'POST /api/courses/analyze-image': () => jsonResponse({ description: 'A team planning a campaign around a laptop.' }) },
      admin,
    );
    renderTab();
    type('course-description', '');
    fireEvent.change(screen.getByTestId('course-image-input'), { target: { files: [buildFile('cover.png', 'image/png', 'png-bytes')] } });
    await waitFor(() =>
      expect((screen.getByTestId('course-description') as HTMLTextAreaElement).value).toBe('A team planning a campaign around a laptop.'),
    );
    expect(gateway.callsTo('POST', /analyze-image$/)[0].json).toEqual({
      image: Buffer.from('png-bytes').toString('base64'),
      title: 'Digital Marketing Fundamentals',
    });
  });

  it('leaves a written description alone, and only logs when the image cannot be described', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const gateway = stubGateway(
      { 'POST /api/courses/analyze-image': () => jsonResponse({ statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE }, 501) },
      admin,
    );
    renderTab();
    fireEvent.change(screen.getByTestId('course-image-input'), { target: { files: [buildFile('one.png', 'image/png')] } });
    expect(gateway.callsTo('POST', /analyze-image$/)).toHaveLength(0);

    type('course-description', '');
    fireEvent.change(screen.getByTestId('course-image-input'), { target: { files: [buildFile('two.png', 'image/png')] } });
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('could not be described'), expect.anything()));
    expect(gateway.callsTo('POST', /analyze-image$/)).toHaveLength(1);
    expect((screen.getByTestId('course-description') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('toast')).toBeNull();
    logged.mockRestore();
  });
});
