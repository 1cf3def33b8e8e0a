import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { buildCourseProgress } from '../../course-progress/course-progress.factory';
import { progressRoutes } from '../../course-progress/course-progress.stub';
import { CoursesPage } from '../../courses/components/CoursesPage';
import { buildCourseDetail, buildLesson, buildModule } from '../../courses/course.factory';
import { forgetNarrations } from '../narration-cache';

const JOINS = buildLesson({ title: 'Joins', type: 'reading', content: 'A left join keeps every row of the left table.' });
const INDEXES = buildLesson({ title: 'Indexes', type: 'video', content: 'An index makes lookups fast.' });
const EMPTY = buildLesson({ title: 'Nothing yet', type: 'reading', content: '  ' });
const course = buildCourseDetail({ modules: [buildModule({ title: 'Basics', lessons: [JOINS, INDEXES, EMPTY] })] });

const urlOf = (lessonId: string) => `/api/media/narration/${lessonId.replace(/-/g, '').padEnd(64, '0')}.mp3`;

function stubNarration(generate: (body: { text: string; title: string }) => Response | Promise<Response> = (body) =>
  jsonResponse({ audioUrl: urlOf(body.title === 'Joins' ? JOINS.id : INDEXES.id), textContent: body.text })) {
  return stubGateway({
    'GET /api/courses/:id': () => jsonResponse({ course }),
    ...progressRoutes(buildCourseProgress({ courseId: course.id })).routes,
    'POST /api/lessons/generate-audio': async (request) => generate((await request.json()) as { text: string; title: string }),
  });
}

function renderDetail() {
  return renderWithMasar(
    <Routes>
      <Route path="/courses/*" element={<CoursesPage />} />
    </Routes>,
    { route: `/courses/${course.id}` },
  );
}

const buttons = async () => screen.findAllByTestId('play-lesson-audio');
const audio = () => screen.getByTestId('narration-audio') as HTMLAudioElement;
let play: jest.SpyInstance;
let pause: jest.SpyInstance;

beforeEach(() => {
  forgetNarrations();
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => changeLanguage('en'));
});

describe('lesson narration on the course detail page', () => {
  it('generates and plays a lesson on its button, says so in a toast, and stops on a second press', async () => {
    const gateway = stubNarration();
    renderDetail();
    // A lesson with no words has nothing to play.
    const [joins] = await buttons();
    expect(await buttons()).toHaveLength(2);
    expect(joins.getAttribute('aria-label')).toBe('Play audio narration of Joins');

    fireEvent.click(joins);
    await waitFor(() => expect(joins.getAttribute('aria-pressed')).toBe('true'));
    expect(gateway.callsTo('POST', /\/api\/lessons\/generate-audio$/).map((call) => call.json)).toEqual([{ text: JOINS.content, title: 'Joins' }]);
    expect(audio().getAttribute('src')).toBe(urlOf(JOINS.id));
    expect(play).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('toast')).textContent).toBe('Audio GeneratedAudio narration is now playing');
    expect(joins.getAttribute('aria-label')).toBe('Stop audio narration of Joins');
    // Clicking the button does not open the lesson.
    expect(screen.queryByTestId('lesson-view')).toBeNull();

    fireEvent.click(joins);
    await waitFor(() => expect(joins.getAttribute('aria-pressed')).toBe('false'));
    expect(pause).toHaveBeenCalled();
    expect(joins.getAttribute('aria-label')).toBe('Play audio narration of Joins');
  });

  it('plays one lesson at a time, and asks for each lesson only once in the session', async () => {
    const gateway = stubNarration();
    renderDetail();
    const [joins, indexes] = await buttons();
    fireEvent.click(joins);
    await waitFor(() => expect(joins.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(indexes);
    await waitFor(() => expect(indexes.getAttribute('aria-pressed')).toBe('true'));
    expect(joins.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByTestId('narration-audio')).toHaveLength(1);
    expect(audio().getAttribute('src')).toBe(urlOf(INDEXES.id));

    fireEvent.click(joins);
    await waitFor(() => expect(audio().getAttribute('src')).toBe(urlOf(JOINS.id)));
    expect(joins.getAttribute('aria-pressed')).toBe('true');
    expect(indexes.getAttribute('aria-pressed')).toBe('false');
    expect(gateway.callsTo('POST', /\/api\/lessons\/generate-audio$/)).toHaveLength(2);
    expect(play).toHaveBeenCalledTimes(3);
  });

  it("says 'Audio Generation Failed' when the server cannot narrate the lesson, and the button is ready again", async () => {
    stubNarration(() => jsonResponse({ statusCode: 503, message: 'The offline voice is not installed on the server' }, 503));
    renderDetail();
    const [joins] = await buttons();
    fireEvent.click(joins);
    expect((await screen.findByTestId('toast')).textContent).toBe('Audio Generation FailedCould not generate audio for this lesson');
    expect(joins.getAttribute('aria-pressed')).toBe('false');
    expect(joins.getAttribute('aria-label')).toBe('Play audio narration of Joins');
    expect(play).not.toHaveBeenCalled();
  });

  it("says 'Audio Error' when the browser cannot play the audio", async () => {
    play.mockRejectedValue(new DOMException('The element has no supported sources.', 'NotSupportedError'));
    stubNarration();
    renderDetail();
    const [joins] = await buttons();
    fireEvent.click(joins);
    expect((await screen.findByTestId('toast')).textContent).toBe('Audio ErrorFailed to play audio');
    await waitFor(() => expect(joins.getAttribute('aria-pressed')).toBe('false'));
  });

  it('names the buttons and says the toasts in Arabic', async () => {
    stubNarration();
    await act(() => changeLanguage('ar'));
    renderDetail();
    const [joins] = await buttons();
    expect(joins.getAttribute('aria-label')).toBe('تشغيل السرد الصوتي لدرس Joins');
    fireEvent.click(joins);
    expect((await screen.findByTestId('toast')).textContent).toBe('تم إنشاء الصوتيُشغَّل السرد الصوتي الآن');
    expect(joins.getAttribute('aria-label')).toBe('إيقاف السرد الصوتي لدرس Joins');
  });
});

describe('lesson narration in the lesson view', () => {
  it('plays the lesson from its own button, reusing the address generated on the course page', async () => {
    const gateway = stubNarration();
    renderDetail();
    fireEvent.click((await buttons())[0]);
    await waitFor(() => expect(audio().getAttribute('src')).toBe(urlOf(JOINS.id)));
    fireEvent.click(screen.getAllByTestId('course-lesson')[0]);
    await screen.findByTestId('lesson-view');
    const [button] = await buttons();
    expect(button.getAttribute('aria-label')).toBe('Play audio narration of Joins');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(audio().getAttribute('src')).toBe(urlOf(JOINS.id));
    expect(gateway.callsTo('POST', /\/api\/lessons\/generate-audio$/)).toHaveLength(1);
  });
});
