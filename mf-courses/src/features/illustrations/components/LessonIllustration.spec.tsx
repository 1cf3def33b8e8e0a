import { aiFeatureOffMessage } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildLesson } from '../../courses/course.factory';
import { LessonIllustration } from './LessonIllustration';

const KEY = 'e'.repeat(64);
const lesson = buildLesson({
  title: 'Pivot Tables: Step by Step!',
  type: 'reading',
  content: `A pivot table summarises thousands of rows in seconds. ${'Drag Region to Rows and Revenue to Values. '.repeat(10)}`,
  keyPoints: ['A pivot table summarises rows', 'Slicers filter connected pivot tables'],
});

describe('the lesson view’s image helper', () => {
  afterEach(() => changeLanguage('en'));

  it('asks for the lesson’s illustration with the spec’s body, shows it, and offers it as <title>_explanation.png', async () => {
    const gateway = stubGateway({ 'POST /api/lessons/generate-image': () => jsonResponse({ imageUrl: `/api/lesson-illustrations/${KEY}.png` }) });
    renderWithMasar(<LessonIllustration lesson={lesson} courseSkills={['Microsoft Excel', 'Pivot Tables']} />);
    fireEvent.click(await screen.findByTestId('generate-illustration'));
    const image = (await screen.findByTestId('lesson-illustration-image')).querySelector('img') ?? screen.getByTestId('lesson-illustration-image');
    expect(image.getAttribute('src')).toBe(`/api/lesson-illustrations/${KEY}.png`);
    expect(image.getAttribute('alt')).toBe('Illustration of “Pivot Tables: Step by Step!”: its key ideas and how they connect');
    const download = screen.getByTestId('download-illustration');
    expect(download.getAttribute('href')).toBe(`/api/lesson-illustrations/${KEY}.png`);
    expect(download.getAttribute('download')).toBe('pivot_tables__step_by_step__explanation.png');
    expect(screen.queryByTestId('generate-illustration')).toBeNull();

    const [sent] = gateway.callsTo('POST', /generate-image$/);
    expect(sent.json).toEqual({
      title: lesson.title,
      content: lesson.content,
      lessonSummary: lesson.content.slice(0, 300),
      keyPoints: lesson.keyPoints,
      skills: ['Microsoft Excel', 'Pivot Tables'],
    });
  });

  it('ends the loading state on failure and says why in a toast, in Arabic too', async () => {
    await changeLanguage('ar');
    stubGateway({ 'POST /api/lessons/generate-image': () => jsonResponse({ statusCode: 403, message: aiFeatureOffMessage('illustration') }, 403) });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithMasar(<LessonIllustration lesson={lesson} courseSkills={['Microsoft Excel', 'Pivot Tables']} />);
    const button = await screen.findByTestId('generate-illustration');
    expect(button.textContent).toBe('ارسم توضيحًا لهذا الدرس');
    fireEvent.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('تعذّر إنشاء رسم توضيحي لهذا الدرس');
    // The gateway's English refusal, in the reader's language.
    expect(toast.textContent).toContain('أوقف المسؤول «الرسوم التوضيحية للدروس» بالذكاء الاصطناعي');
    await waitFor(() => expect(screen.getByTestId('generate-illustration').className).not.toContain('ant-btn-loading'));
    expect(screen.queryByTestId('lesson-illustration-image')).toBeNull();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
