import {
  completeAiCourseFields,
  documentProcessingFailedMessage,
  type CourseCreationStage,
  type CourseCreationTask,
} from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { buildUser, jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { buildCourseDetail } from '../../courses/course.factory';
import { buildCreationTask, buildFile } from '../creation-task.factory';
import { CREATION_FALLBACK_DELAY_MS } from '../hooks/useCourseCreation';
import { CreateCourseDialog } from './CreateCourseDialog';

const admin = buildUser({ role: 'admin' });
const created = buildCourseDetail({ title: 'Digital Marketing Fundamentals' });

/** The Manual tab's sample course, as the gateway receives it. */
const sampleForm = {
  title: 'Digital Marketing Fundamentals',
  description:
    'Learn how to reach customers online and turn them into buyers: search engine optimization, social media, email campaigns and measuring what works.',
  objective: 'Plan, launch and measure a multi-channel digital marketing campaign.',
  duration: '8 weeks',
  format: 'Online',
  departmentOwner: 'Marketing',
  color: 'blue',
  abbreviation: 'DM-101',
  numberOfModules: 6,
  lessonsPerModule: 4,
  language: 'en',
};

function ShowLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderDialog(timing: { pollIntervalMs?: number; fallbackDelayMs?: number } = { pollIntervalMs: 20 }) {
  const onClose = jest.fn();
  const view = renderWithMasar(
    <>
      <CreateCourseDialog open onClose={onClose} {...timing} />
      <ShowLocation />
    </>,
    { route: '/courses' },
  );
  return { ...view, onClose };
}

const location = () => screen.getByTestId('location').textContent;
const stageShown = () => [screen.getByTestId('creation-stage').textContent, screen.getByTestId('creation-percent').textContent];

function attach(testId: string, ...files: File[]) {
  fireEvent.change(screen.getByTestId(testId), { target: { files } });
}

async function toastText() {
  return (await screen.findByTestId('toast')).textContent ?? '';
}

/** A stubbed task whose stage the test moves on, so each stage is seen as the dialog polls. */
function steppedTask(start: CourseCreationTask) {
  let current = start;
  return {
    moveTo(stage: CourseCreationStage, changes: Partial<CourseCreationTask> = {}) {
      current = { ...current, ...buildCreationTask(stage, { ...changes, id: current.id, kind: current.kind, fileNames: current.fileNames }) };
    },
    reply: () => jsonResponse({ task: current }),
  };
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('the Create dialog: without files', () => {
  it('creates the sample course with POST /api/courses, says so, closes and opens the course', async () => {
    const gateway = stubGateway({ 'POST /api/courses': () => jsonResponse({ course: created }, 201) }, admin);
    const { onClose } = renderDialog();
    expect(screen.getByText('Create New Course')).toBeTruthy();
    for (const tab of ['Manual Create', 'AI Generate', 'Upload PDF']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();

    fireEvent.click(screen.getByTestId('manual-create-submit'));
    expect(await toastText()).toContain('Course created successfully');
    expect(gateway.callsTo('POST', /^\/api\/courses$/).map((call) => call.json)).toEqual([sampleForm]);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe(`/courses/${created.id}`));
  });

  it('keeps the chosen course image first, then creates the course with its address', async () => {
    const imageUrl = '/api/course-images/0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    const gateway = stubGateway(
      {
        'POST /api/course-images': () => jsonResponse({ imageUrl }, 201),
        'POST /api/courses': () => jsonResponse({ course: created }, 201),
      },
      admin,
    );
    renderDialog();
    attach('course-image-input', buildFile('cover.png', 'image/png', 'png-bytes'));
    fireEvent.click(screen.getByTestId('manual-create-submit'));
    expect(await toastText()).toContain('Course created successfully');
    expect(gateway.callsTo('POST', /^\/api\/course-images$/)).toHaveLength(1);
    expect(gateway.callsTo('POST', /^\/api\/courses$/).map((call) => call.json)).toEqual([{ ...sampleForm, imageUrl }]);
  });

  it("keeps the input and toasts 'Error creating course' with the server's message when the gateway refuses", async () => {
    stubGateway(
      { 'POST /api/courses': () => jsonResponse({ statusCode: 400, message: 'abbreviation: Abbreviation is too long' }, 400) },
      admin,
    );
    const { onClose } = renderDialog();
    fireEvent.change(screen.getByTestId('course-title'), { target: { value: 'Email Marketing' } });
    fireEvent.click(screen.getByTestId('manual-create-submit'));
    const toast = await toastText();
    expect(toast).toContain('Error creating course');
    expect(toast).toContain('abbreviation: Abbreviation is too long');
    expect((screen.getByTestId('course-title') as HTMLInputElement).value).toBe('Email Marketing');
    expect(onClose).not.toHaveBeenCalled();
    expect(location()).toBe('/courses');
  });

  it('creates an AI Generate course from the description alone, with the derived fields', async () => {
    const gateway = stubGateway({ 'POST /api/courses': () => jsonResponse({ course: created }, 201) }, admin);
    renderDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'AI Generate' }));
    const description = 'Create a course on conflict resolution for team leads';
    fireEvent.change(await screen.findByTestId('ai-description'), { target: { value: description } });
    await waitFor(() => expect((screen.getByTestId('ai-generate-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('ai-generate-submit'));

    expect(await toastText()).toContain('Course created successfully');
    const expected = completeAiCourseFields({ description, numberOfModules: 6, lessonsPerModule: 4, language: 'en' });
    expect(gateway.callsTo('POST', /^\/api\/courses$/)[0].json).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(expected.title).toBe('Conflict Resolution for Team Leads');
    await waitFor(() => expect(location()).toBe(`/courses/${created.id}`));
  });
});

describe('the Create dialog: with materials', () => {
  it('walks the real stages of the task with their percentages, then opens the course it made', async () => {
    const start = buildCreationTask('uploading', { fileNames: ['campaign-playbook.pdf'] });
    const task = steppedTask(start);
    let answerStart: (response: Response) => void = () => undefined;
    const gateway = stubGateway(
      {
        'POST /api/courses/create-with-files': () => new Promise<Response>((resolve) => (answerStart = resolve)),
        'GET /api/courses/creation-tasks/:id': () => task.reply(),
      },
      admin,
    );
    renderDialog();
    attach('manual-materials-input', buildFile('campaign-playbook.pdf', 'application/pdf', '%PDF-1.7 playbook'));
    fireEvent.click(screen.getByTestId('use-ai-organization'));
    fireEvent.click(screen.getByTestId('manual-create-submit'));

    // While the files travel: Uploading, 10%.
    await waitFor(() => expect(stageShown()).toEqual(['Uploading', '10%']));
    await waitFor(() => expect(gateway.callsTo('POST', /create-with-files$/)).toHaveLength(1));
    const form = gateway.callsTo('POST', /create-with-files$/)[0].form;
    expect(JSON.parse(String(form?.get('courseData')))).toEqual(sampleForm);
    expect(form?.get('useAIOrganization')).toBe('true');
    expect(form?.getAll('files').map((file) => (file as File).name)).toEqual(['campaign-playbook.pdf']);
    expect(form?.get('courseImage')).toBeNull();

    answerStart(jsonResponse({ task: start }, 202));
    const walked: Array<[CourseCreationStage, string, string]> = [
      ['processing', 'Processing', '30%'],
      ['chunking', 'Chunking', '45%'],
      ['analyzing', 'Analyzing', '60%'],
      ['generating', 'Generating', '80%'],
    ];
    for (const [stage, label, percent] of walked) {
      task.moveTo(stage, { message: `Now ${stage}` });
      await waitFor(() => expect(stageShown()).toEqual([label, percent]));
      expect(screen.getByTestId('creation-message').textContent).toBe(`Now ${stage}`);
    }
    expect(screen.getByTestId('creation-files').textContent).toBe('Files: campaign-playbook.pdf');

    task.moveTo('complete', { courseId: created.id, message: 'Course created' });
    expect(await toastText()).toContain('Course created successfully');
    await waitFor(() => expect(location()).toBe(`/courses/${created.id}`));
    // Polling stops once the task is complete.
    const polls = gateway.callsTo('GET', /creation-tasks/).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(gateway.callsTo('GET', /creation-tasks/)).toHaveLength(polls);
  });

  it('shows Error with the task message, then after 2 seconds makes the course from the form alone', async () => {
    const reason = documentProcessingFailedMessage('the PDF has no text layer');
    const start = buildCreationTask('processing');
    const gateway = stubGateway(
      {
        'POST /api/courses/create-with-files': () => jsonResponse({ task: start }, 202),
        'GET /api/courses/creation-tasks/:id': () =>
          jsonResponse({ task: buildCreationTask('error', { id: start.id, message: reason }) }),
        'POST /api/courses': () => jsonResponse({ course: created }, 201),
      },
      admin,
    );
    // The spec's real 2 s wait; only the polling is quickened.
    renderDialog({ pollIntervalMs: 20 });
    attach('manual-materials-input', buildFile('scan.pdf', 'application/pdf'));
    fireEvent.click(screen.getByTestId('manual-create-submit'));

    await waitFor(() => expect(stageShown()).toEqual(['Error', '0%']));
    const errorShownAt = Date.now();
    expect(screen.getByTestId('creation-message').textContent).toBe(
      'Document processing failed: the PDF has no text layer. Creating basic course structure...',
    );
    expect(gateway.callsTo('POST', /^\/api\/courses$/)).toHaveLength(0);

    await waitFor(() => expect(gateway.callsTo('POST', /^\/api\/courses$/)).toHaveLength(1), { timeout: 4000 });
    expect(Date.now() - errorShownAt).toBeGreaterThanOrEqual(CREATION_FALLBACK_DELAY_MS - 100);
    expect(gateway.callsTo('POST', /^\/api\/courses$/)[0].json).toEqual(sampleForm);
    expect(await toastText()).toContain('Course created successfully');
    await waitFor(() => expect(location()).toBe(`/courses/${created.id}`));
  });

  it('makes nothing in place of a task cancelled on the control center, and says so', async () => {
    const start = buildCreationTask('processing');
    const gateway = stubGateway(
      {
        'POST /api/courses/create-with-files': () => jsonResponse({ task: start }, 202),
        'GET /api/courses/creation-tasks/:id': () =>
          jsonResponse({ task: buildCreationTask('error', { id: start.id, message: 'Cancelled', cancelled: true }) }),
        'POST /api/courses': () => jsonResponse({ course: created }, 201),
      },
      admin,
    );
    renderDialog({ pollIntervalMs: 20, fallbackDelayMs: 50 });
    attach('manual-materials-input', buildFile('scan.pdf', 'application/pdf'));
    fireEvent.click(screen.getByTestId('manual-create-submit'));
    expect(await toastText()).toContain('Course creation cancelled');
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(gateway.callsTo('POST', /^\/api\/courses$/)).toHaveLength(0);
  });

  it('falls back to the form alone when the AI course with files cannot be started (503)', async () => {
    const gateway = stubGateway(
      {
        'POST /api/courses/ai-generate-with-files': () => jsonResponse({ statusCode: 503, message: 'svc-courses is not answering' }, 503),
        'POST /api/courses': () => jsonResponse({ course: created }, 201),
      },
      admin,
    );
    renderDialog({ pollIntervalMs: 20, fallbackDelayMs: 50 });
    fireEvent.click(screen.getByRole('tab', { name: 'AI Generate' }));
    fireEvent.change(await screen.findByTestId('ai-description'), { target: { value: 'Onboarding for new sales hires' } });
    attach('ai-materials-input', buildFile('handbook.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    await waitFor(() => expect((screen.getByTestId('ai-generate-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('ai-generate-submit'));

    await waitFor(() =>
      expect(screen.getByTestId('creation-message').textContent).toBe(
        'Document processing failed: svc-courses is not answering. Creating basic course structure...',
      ),
    );
    expect(await toastText()).toContain('Course created successfully');
    const form = gateway.callsTo('POST', /ai-generate-with-files$/)[0].form;
    expect(JSON.parse(String(form?.get('courseData')))).toMatchObject({ title: 'Onboarding for new sales', departmentOwner: 'AI Generated' });
    expect(gateway.callsTo('POST', /^\/api\/courses$/)[0].json).toMatchObject({ title: 'Onboarding for new sales', color: 'purple' });
  });

  it("keeps the dialog and toasts 'Error creating course' when the gateway refuses the files (4xx)", async () => {
    const gateway = stubGateway(
      {
        'POST /api/courses/create-with-files': () =>
          jsonResponse({ statusCode: 415, message: 'campaign.pdf is not a PDF, DOCX or PPTX document' }, 415),
      },
      admin,
    );
    const { onClose } = renderDialog();
    attach('manual-materials-input', buildFile('campaign.pdf', 'application/pdf'));
    fireEvent.click(screen.getByTestId('manual-create-submit'));
    const toast = await toastText();
    expect(toast).toContain('Error creating course');
    expect(toast).toContain('campaign.pdf is not a PDF, DOCX or PPTX document');
    await waitFor(() => expect(screen.queryByTestId('creation-progress')).toBeNull());
    expect(screen.getAllByTestId('chosen-file').map((row) => row.textContent)).toEqual([expect.stringContaining('campaign.pdf')]);
    expect(gateway.callsTo('POST', /^\/api\/courses$/)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the Create dialog: Upload PDF', () => {
  async function chooseCourseFile(file: File) {
    fireEvent.click(screen.getByRole('tab', { name: 'Upload PDF' }));
    await screen.findByTestId('upload-course-input');
    attach('upload-course-input', file);
  }

  it('imports the file and opens the course once the task is complete', async () => {
    const start = buildCreationTask('uploading', { kind: 'import', fileNames: ['safety.pdf'] });
    const gateway = stubGateway(
      {
        'POST /api/courses/upload': () => jsonResponse({ task: start }, 202),
        'GET /api/courses/creation-tasks/:id': () =>
          jsonResponse({ task: { ...start, stage: 'complete', progress: 100, courseId: created.id } }),
      },
      admin,
    );
    renderDialog();
    await chooseCourseFile(buildFile('safety.pdf', 'application/pdf', '%PDF-1.7'));
    fireEvent.click(screen.getByTestId('upload-course-submit'));
    expect(await toastText()).toContain('Course created successfully');
    await waitFor(() => expect(location()).toBe(`/courses/${created.id}`));
    const sent = gateway.callsTo('POST', /upload$/)[0].form?.get('file') as File;
    expect(sent.name).toBe('safety.pdf');
    expect(await sent.text()).toBe('%PDF-1.7');
  });

  it("toasts 'Error uploading course' with the task's message and creates nothing", async () => {
    const start = buildCreationTask('processing', { kind: 'import', fileNames: ['broken.pptx'] });
    const gateway = stubGateway(
      {
        'POST /api/courses/upload': () => jsonResponse({ task: start }, 202),
        'GET /api/courses/creation-tasks/:id': () =>
          jsonResponse({ task: { ...start, stage: 'error', progress: 0, message: 'broken.pptx could not be read' } }),
        'POST /api/courses': never,
      },
      admin,
    );
    const { onClose } = renderDialog({ pollIntervalMs: 20, fallbackDelayMs: 10 });
    await chooseCourseFile(buildFile('broken.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'));
    fireEvent.click(screen.getByTestId('upload-course-submit'));
    const toast = await toastText();
    expect(toast).toContain('Error uploading course');
    expect(toast).toContain('broken.pptx could not be read');
    await waitFor(() => expect(screen.queryByTestId('creation-progress')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(gateway.callsTo('POST', /^\/api\/courses$/)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('chosen-file').textContent).toContain('broken.pptx');
  });

  it("toasts 'Error uploading course' with the server's message for a refused file (4xx)", async () => {
    stubGateway(
      { 'POST /api/courses/upload': () => jsonResponse({ statusCode: 413, message: 'The file is larger than 10 MB' }, 413) },
      admin,
    );
    renderDialog();
    await chooseCourseFile(buildFile('course.json', 'application/json', '{"title":"x"}'));
    fireEvent.click(screen.getByTestId('upload-course-submit'));
    const toast = await toastText();
    expect(toast).toContain('Error uploading course');
    expect(toast).toContain('The file is larger than 10 MB');
  });
});

describe('the Create dialog in Arabic', () => {
  it('shows its tabs, the sample course and the validation messages in Arabic, right to left', async () => {
    stubGateway({ 'POST /api/courses': never }, admin);
    await act(() => changeLanguage('ar'));
    renderDialog();
    const dialog = screen.getByTestId('create-course-dialog');
    expect(screen.getByText('إنشاء دورة جديدة')).toBeTruthy();
    for (const tab of ['إنشاء يدوي', 'إنشاء بالذكاء الاصطناعي', 'رفع ملف PDF']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect((screen.getByTestId('course-title') as HTMLInputElement).value).toBe('أساسيات التسويق الرقمي');
    expect(dialog.querySelector('.ant-tabs-rtl')).not.toBeNull();

    fireEvent.change(screen.getByTestId('course-title'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('course-duration'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('manual-create-submit'));
    expect(await within(dialog).findByText('العنوان مطلوب')).toBeTruthy();
    expect(within(dialog).getByText('المدة مطلوبة')).toBeTruthy();
    expect(within(dialog).getByText('إنشاء الدورة')).toBeTruthy();
  });
});
