import type { CourseSearchResponse } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { buildHelperReply, buildSearchChunk, buildSearchPassage, buildSearchResponse, PIVOT_LESSON_TEXT } from '../course-search.factory';
import { CourseSearchPage } from './CourseSearchPage';

const pivotLesson = buildSearchChunk({ relevanceScore: 0.924, keywords: ['pivot table', 'Microsoft Excel', 'summarise'] });
const CHARTS_TEXT = 'Build a PivotChart from your pivot table so the summary can be seen at a glance.\nA chart beside its table reads faster.';
const chartsLesson = buildSearchChunk({
  courseId: pivotLesson.courseId,
  lessonTitle: 'Charts that communicate',
  content: 'Build a PivotChart from your pivot table so the summary can be seen at a glance.',
  keywords: ['pivot table'],
  relevanceScore: 0.61,
});
const modulePassage = buildSearchChunk({
  field: 'module',
  lessonId: null,
  lessonTitle: '',
  content: 'Summarise and present data with pivot tables and charts.',
  relevanceScore: 0.4,
});
const pivotSearch = buildSearchResponse({
  chunks: [pivotLesson, chartsLesson, modulePassage],
  answer: 'A pivot table summarises many rows [1]. A PivotChart shows it at a glance [2]. Ignore [9].',
  totalResults: 7,
  totalResultsCapped: false,
  summary: { coursesFound: 1, modulesFound: 1, lessonsFound: 2, keyInsights: ['Drag fields to Rows and Values.'] },
  relatedTopics: ['Data Visualization'],
  matchedTerms: ['pivot table', 'pivottable'],
});

function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Go back
      </button>
    </>
  );
}

function renderPage(route = '/course-search') {
  return renderWithMasar(
    <>
      <CourseSearchPage />
      <Location />
    </>,
    { route },
  );
}

/** The whole text of each result, as the passage route answers it (the search answers previews). */
const FULL_TEXTS = new Map<string, string>([
  [pivotLesson.id, PIVOT_LESSON_TEXT],
  [chartsLesson.id, CHARTS_TEXT],
]);

/** Answers every search with `reply(q)`, and each result's passage from the chunks searches answered. */
function searchGateway(reply: (q: string, lang: string) => CourseSearchResponse | Response | Promise<Response>, more = {}) {
  const answered = new Map<string, CourseSearchResponse['chunks'][number]>();
  return stubGateway({
    'GET /api/courses/search': (_request, _params, url) => {
      const answer = reply(url.searchParams.get('q') ?? '', url.searchParams.get('lang') ?? '');
      if (answer instanceof Response || answer instanceof Promise) return answer;
      for (const chunk of answer.chunks) answered.set(chunk.id, chunk);
      return jsonResponse(answer);
    },
    'GET /api/courses/search/passages/:chunkId': (_request, { chunkId }) => {
      const chunk = answered.get(chunkId);
      if (!chunk) return jsonResponse({ statusCode: 404, message: 'That search result is no longer in the library: search again' }, 404);
      return jsonResponse(buildSearchPassage(chunk, FULL_TEXTS.get(chunk.id) ?? chunk.content));
    },
    ...more,
  });
}

const searchButton = () => screen.getByTestId('course-search-button') as HTMLButtonElement;
const box = () => screen.getByTestId('course-search-input') as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

/** Enter in the box; antd ignores a second Enter until the key has come up. */
function pressEnter() {
  fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
}

async function searchFor(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  pressEnter();
  await waitFor(() => expect(new URLSearchParams(location()?.split('?')[1]).get('q')).toBe(text.trim()));
  await screen.findByTestId(/^course-search-(results|nothing|error)$/);
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('CourseSearchPage: the box', () => {
  it("starts on 'Search Your Course Library', with Search disabled while the box looks empty", () => {
    const gateway = searchGateway(() => pivotSearch);
    renderPage();
    expect(screen.getByTestId('course-search-empty').textContent).toContain('Search Your Course Library');
    expect(searchButton().disabled).toBe(true);
    for (const blank of ['   ', '\u200B\u200B', '\u00A0\u200E']) {
      fireEvent.change(box(), { target: { value: blank } });
      expect(searchButton().disabled).toBe(true);
    }
    // Enter on a blank box sends nothing either.
    pressEnter();
    expect(gateway.callsTo('GET', /search/)).toHaveLength(0);
    fireEvent.change(box(), { target: { value: ' pivot ' } });
    expect(searchButton().disabled).toBe(false);
    expect(box().maxLength).toBe(200);
  });

  it('keeps Search disabled while a search runs', async () => {
    searchGateway(() => never());
    renderPage();
    fireEvent.change(box(), { target: { value: 'pivot tables' } });
    fireEvent.click(searchButton());
    await screen.findByTestId('course-search-loading');
    expect(searchButton().disabled).toBe(true);
  });

  it('puts the search in the address, trimmed, and sends it with the interface language', async () => {
    const gateway = searchGateway(() => pivotSearch);
    renderPage();
    await searchFor('  pivot tables ');
    expect(location()).toBe('/course-search?q=pivot+tables');
    const [call] = gateway.callsTo('GET', /^\/api\/courses\/search$/);
    expect(Object.fromEntries(call.search)).toEqual({ q: 'pivot tables', lang: 'en' });
  });

  it('runs the search of a shared link at once, and back goes to the previous search', async () => {
    const gateway = searchGateway((q) => (q === 'k8s' ? buildSearchResponse({ query: 'k8s', chunks: [buildSearchChunk({ courseTitle: 'Containers and Kubernetes Fundamentals' })] }) : pivotSearch));
    renderPage('/course-search?q=k8s');
    expect(await screen.findByText(/Containers and Kubernetes Fundamentals/)).toBeTruthy();
    expect(box().value).toBe('k8s');

    await searchFor('pivot tables');
    await waitFor(() => expect(box().value).toBe('pivot tables'));
    fireEvent.click(screen.getByText('Go back'));
    await waitFor(() => expect(location()).toBe('/course-search?q=k8s'));
    expect(box().value).toBe('k8s');
    expect(await screen.findByText(/Containers and Kubernetes Fundamentals/)).toBeTruthy();
    expect(gateway.callsTo('GET', /search/).map((call) => call.search.get('q'))).toEqual(['k8s', 'pivot tables']);
  });

  it('shows a failed search in a toast with the server’s message, and the page stays usable', async () => {
    searchGateway((q) => (q === 'boom' ? jsonResponse({ statusCode: 400, message: 'Search text must be 200 characters or fewer' }, 400) : pivotSearch));
    renderPage();
    await searchFor('boom');
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('The search could not be completed');
    expect(toast.textContent).toContain('Search text must be 200 characters or fewer');
    expect(searchButton().disabled).toBe(false);
    await searchFor('pivot tables');
    expect(screen.getAllByTestId('course-search-result')).toHaveLength(3);
  });
});

describe('CourseSearchPage: results', () => {
  it('sums up what was found: counts, key insights and related topics that search again', async () => {
    const gateway = searchGateway((q) => (q === 'Data Visualization' ? buildSearchResponse({ query: q }) : pivotSearch));
    renderPage();
    await searchFor('pivot tables');
    const summary = screen.getByTestId('course-search-summary');
    const count = (key: string) => within(summary).getByTestId(`course-search-count-${key}`).textContent;
    expect([count('courses'), count('modules'), count('lessons'), count('total')]).toEqual([
      expect.stringContaining('1'),
      expect.stringContaining('1'),
      expect.stringContaining('2'),
      expect.stringContaining('7'),
    ]);
    expect(within(summary).getByText('Courses found')).toBeTruthy();
    expect(screen.getAllByTestId('course-search-insight').map((item) => item.textContent)).toEqual(['Drag fields to Rows and Values.']);

    fireEvent.click(screen.getByRole('button', { name: 'Search for Data Visualization' }));
    await waitFor(() => expect(location()).toBe('/course-search?q=Data+Visualization'));
    await waitFor(() => expect(box().value).toBe('Data Visualization'));
    expect(gateway.callsTo('GET', /search/).at(-1)?.search.get('q')).toBe('Data Visualization');
  });

  it('shows counts that stopped at their limit as "1,000+", with a hint to narrow the search, in English and Arabic', async () => {
    searchGateway((q) => buildSearchResponse({ query: q, totalResults: 1000, totalResultsCapped: q === 'the' }));
    renderPage();
    await searchFor('report');
    const total = () => screen.getByTestId('course-search-count-total').textContent;
    expect(total()).toBe('Total results1,000');
    expect(screen.queryByTestId('course-search-more-than-counted')).toBeNull();

    expect(screen.getByTestId('course-search-count-lessons').textContent).toBe('Lessons found1');

    await searchFor('the');
    await waitFor(() => expect(total()).toBe('Total results1,000+'));
    // The courses, modules and lessons of the passages counted are floors too.
    expect(screen.getByTestId('course-search-count-lessons').textContent).toBe('Lessons found1+');
    expect(screen.getByTestId('course-search-more-than-counted').textContent).toBe(
      'More than 1,000 passages match: add a word or two to narrow the search.',
    );
    // The search runs again in the interface's new language.
    await act(() => changeLanguage('ar'));
    await waitFor(() =>
      expect(screen.getByTestId('course-search-more-than-counted').textContent).toBe('تطابق أكثر من 1,000 فقرة: أضف كلمة أو كلمتين لتضييق البحث.'),
    );
  });

  it('shows the AI answer with its author and citations that select and bring up their result', async () => {
    searchGateway(() => pivotSearch);
    renderPage();
    await searchFor('pivot tables');
    const answer = screen.getByTestId('course-search-answer');
    expect(within(answer).getByText('AI Answer')).toBeTruthy();
    expect(screen.getByTestId('course-search-answer-source').textContent).toBe('Written by: Built-in (offline)');
    expect(screen.getByTestId('course-search-answer-text').textContent).toBe(
      'A pivot table summarises many rows [1]. A PivotChart shows it at a glance [2]. Ignore [9].',
    );
    // [9] points at no result, so it is not a link.
    const citations = within(answer).getAllByTestId('course-search-citation');
    expect(citations.map((citation) => citation.textContent)).toEqual(['[1]', '[2]']);
    expect(citations[1].getAttribute('aria-label')).toBe('Source 2: Charts that communicate');
    expect(answer.querySelector('[aria-live="polite"]')).not.toBeNull();

    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.click(citations[1]);
    const results = screen.getAllByTestId('course-search-result');
    await waitFor(() => expect(results[1].getAttribute('data-selected')).toBe('true'));
    expect((await within(results[1]).findByTestId('course-search-full-text')).textContent).toBe(CHARTS_TEXT);
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement).toBe(within(results[1]).getByTestId('course-search-result-toggle'));
  });

  it('names the model that wrote the answer, and shows why there is no answer instead of one', async () => {
    searchGateway((q) =>
      q === 'model'
        ? { ...pivotSearch, answerSource: { provider: 'openai', model: 'gpt-4o-mini' } }
        : { ...pivotSearch, answer: '', answerSource: null, answerProblem: 'Search answers with AI is turned off by your administrator' },
    );
    renderPage();
    await searchFor('model');
    expect(screen.getByTestId('course-search-answer-source').textContent).toBe('Written by: gpt-4o-mini');
    await searchFor('off');
    await waitFor(() => expect(screen.getByTestId('course-search-answer-problem').textContent).toContain('turned off by your administrator'));
    expect(screen.queryByTestId('course-search-answer-text')).toBeNull();
  });

  it('lists each result as course › module › lesson with its preview marked, 3 keywords, relevance and a link', async () => {
    searchGateway(() => pivotSearch);
    renderPage();
    await searchFor('pivot tables');
    const list = screen.getByRole('list', { name: 'Relevant content' });
    const [first, , module] = within(list).getAllByTestId('course-search-result');
    expect(within(first).getByTestId('course-search-result-path').textContent).toBe(
      'Excel Essentials for Everyday Work › Summarising and Presenting Data › Pivot tables step by step',
    );
    const preview = within(first).getByTestId('course-search-result-preview');
    expect([...preview.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['pivot table', 'PivotTable']);
    expect(within(first).getAllByTestId('course-search-keyword').map((tag) => tag.textContent)).toEqual(['pivot table', 'Microsoft Excel', 'summarise']);
    expect(within(first).getByTestId('course-search-relevance').textContent).toBe('Relevance: 92%');
    const open = within(first).getByRole('link', { name: 'Open lesson: Pivot tables step by step' });
    expect(open.getAttribute('href')).toBe(`/courses/${pivotLesson.courseId}/lessons/${pivotLesson.lessonId}`);

    // A module passage has no lesson: its path stops at the module and it opens the course.
    expect(within(module).getByTestId('course-search-result-path').textContent).toBe('Excel Essentials for Everyday Work › Summarising and Presenting Data');
    expect(within(module).getByRole('link', { name: /^Open course/ }).getAttribute('href')).toBe(`/courses/${modulePassage.courseId}`);
  });

  it('writes each result in its own language and direction, and marks Arabic matches whatever their spelling', async () => {
    const arabic = buildSearchChunk({
      language: 'ar',
      courseTitle: 'أساسيات إكسل',
      moduleTitle: 'تلخيص البيانات',
      lessonTitle: 'الجداول المحوريّة خطوة بخطوة',
      content: 'يلخّص الجدولُ المحوري آلاف الصفوف في ثوانٍ.',
    });
    searchGateway(() => buildSearchResponse({ query: 'الجداول المحورية', chunks: [arabic], matchedTerms: ['الجدول المحوري'] }));
    renderPage();
    await searchFor('الجداول المحورية');
    const [result] = screen.getAllByTestId('course-search-result');
    const preview = within(result).getByTestId('course-search-result-preview');
    expect(preview.getAttribute('lang')).toBe('ar');
    expect(preview.getAttribute('dir')).toBe('rtl');
    expect(preview.querySelector('mark')?.textContent).toBe('الجدولُ المحوري');
    expect(within(result).getByTestId('course-search-result-path').textContent).toBe('أساسيات إكسل ‹ تلخيص البيانات ‹ الجداول المحوريّة خطوة بخطوة');
  });

  it('answers a subject the library lacks with the honest answer, not an empty list', async () => {
    searchGateway(() =>
      buildSearchResponse({
        query: 'quantum chemistry',
        chunks: [],
        totalResults: 0,
        answer: 'Your library has nothing on “quantum chemistry” yet.',
        summary: { coursesFound: 0, modulesFound: 0, lessonsFound: 0, keyInsights: [] },
        relatedTopics: [],
        matchedTerms: [],
      }),
    );
    renderPage();
    await searchFor('quantum chemistry');
    const nothing = screen.getByTestId('course-search-nothing');
    expect(nothing.textContent).toContain('No results for “quantum chemistry”');
    expect(screen.getByTestId('course-search-nothing-answer').textContent).toBe('Your library has nothing on “quantum chemistry” yet.');
    expect(screen.queryByTestId('course-search-results')).toBeNull();
  });
});

describe('CourseSearchPage: learning helpers', () => {
  async function openFirstResult(gatewayRoutes = {}) {
    const gateway = searchGateway(() => pivotSearch, gatewayRoutes);
    renderPage();
    await searchFor('pivot tables');
    const [first] = screen.getAllByTestId('course-search-result');
    const toggle = within(first).getByTestId('course-search-result-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(first).getByTestId('course-search-details');
    // The helpers work on the whole text, read when the result opens.
    await within(details).findByTestId('course-search-full-text');
    return { gateway, details };
  }

  it('offers the six helpers by their names on a selected result, with its titles and whole text', async () => {
    const { details } = await openFirstResult();
    expect(within(details).getAllByTestId('learning-helper').map((button) => button.textContent)).toEqual([
      'Smart Summary',
      'Knowledge Quiz',
      'Deep Understanding',
      'Creative Thinking',
      'Visual Expansion',
      'Hands-on Practice',
    ]);
    expect((await within(details).findByTestId('course-search-full-text')).textContent).toBe(PIVOT_LESSON_TEXT);
    expect(within(details).getByText('Summarising and Presenting Data')).toBeTruthy();
  });

  it('asks the helper about the passage and shows its answer as formatted, sanitised text', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { gateway, details } = await openFirstResult({
      'POST /api/ai-agents/process': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const quiz = within(details).getByRole('button', { name: /Knowledge Quiz/ });
    fireEvent.click(quiz);
    await waitFor(() => expect(gateway.callsTo('POST', /process$/)).toHaveLength(1));
    // The pressed button shows it is working; the others wait.
    await waitFor(() => expect(quiz.className).toContain('loading'));
    expect((within(details).getByRole('button', { name: /Smart Summary/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(gateway.callsTo('POST', /process$/)[0].json).toEqual({
      action: 'generate_quiz',
      query: 'pivot tables',
      content: PIVOT_LESSON_TEXT,
      context: {
        courseTitle: 'Excel Essentials for Everyday Work',
        moduleTitle: 'Summarising and Presenting Data',
        lessonTitle: 'Pivot tables step by step',
      },
      courseId: pivotLesson.courseId,
      lessonId: pivotLesson.lessonId,
    });

    answer(
      jsonResponse(
        buildHelperReply({
          response: '## Question 1\n\nWhat does a **pivot table** do?\n\n<script>alert(1)</script><b>raw</b>\n\n[bad](javascript:alert(1))',
          provider: 'openai',
          model: 'gpt-4o-mini',
        }),
      ),
    );
    const rendered = await within(details).findByTestId('learning-helper-markdown');
    expect(rendered.querySelector('h2')?.textContent).toBe('Question 1');
    expect(rendered.querySelector('strong')?.textContent).toBe('pivot table');
    expect(rendered.querySelector('script')).toBeNull();
    expect(rendered.querySelector('b')).toBeNull();
    expect(rendered.querySelector('a')?.getAttribute('href')).toBe('');
    expect(rendered.getAttribute('lang')).toBe('en');
    expect(within(details).getByTestId('learning-helper-source').textContent).toBe('Written by: gpt-4o-mini');
    expect(within(details).getByTestId('learning-helper-output').getAttribute('aria-live')).toBe('polite');
    expect(quiz.className).not.toContain('loading');
  });

  it('shows Visual Expansion’s diagram above its outline, and never an image the answer’s markdown points to', async () => {
    const diagramUrl = `/api/lesson-illustrations/${'a'.repeat(64)}.png`;
    const { details } = await openFirstResult({
      'POST /api/ai-agents/process': () =>
        jsonResponse(buildHelperReply({ response: '## Visual expansion\n\n- **Pivot tables**\n\n![x](https://tracker.example/pixel.png)', diagramUrl })),
    });
    fireEvent.click(within(details).getByRole('button', { name: /Visual Expansion/ }));
    const diagram = (await within(details).findByTestId('learning-helper-diagram')).querySelector('img');
    expect(diagram?.getAttribute('src')).toBe(diagramUrl);
    expect(diagram?.getAttribute('alt')).toBe("Diagram of the passage's concepts and how they connect");
    expect(within(details).getByTestId('learning-helper-markdown').querySelector('img')).toBeNull();
  });

  it("says 'Sorry, I couldn't process that request. Please try again.' when a helper fails", async () => {
    const { details } = await openFirstResult({
      'POST /api/ai-agents/process': () => jsonResponse({ statusCode: 502, message: 'svc-ai did not answer' }, 502),
    });
    fireEvent.click(within(details).getByRole('button', { name: /Smart Summary/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe("Sorry, I couldn't process that request. Please try again.");
    expect(within(details).getByTestId('learning-helper-error').textContent).toBe("Sorry, I couldn't process that request. Please try again.");
  });

  it('adds the server’s reason when it refuses clearly (feature off, budget spent)', async () => {
    const { details } = await openFirstResult({
      'POST /api/ai-agents/process': () => jsonResponse({ statusCode: 403, message: 'Learning helpers with AI is turned off by your administrator' }, 403),
    });
    fireEvent.click(within(details).getByRole('button', { name: /Hands-on Practice/ }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain("Sorry, I couldn't process that request. Please try again.");
    expect(toast.textContent).toContain('Learning helpers with AI is turned off by your administrator');
  });

  it('asks nothing when the learner closes the AI-use notice without accepting it', async () => {
    const { gateway, details } = await openFirstResult({
      'GET /api/ai-governance/me': () =>
        jsonResponse({
          notice: { version: 1, text: 'AI writes some of what you read here.', publishedAt: '2026-03-01T00:00:00.000Z' },
          noticeRequired: true,
          acceptedVersion: null,
          acceptedAt: null,
          enabledFeatures: [],
          budget: null,
        }),
    });
    fireEvent.click(within(details).getByRole('button', { name: /Smart Summary/ }));
    fireEvent.click(await screen.findByTestId('ai-notice-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('ai-notice-dismiss')).toBeNull());
    expect(gateway.callsTo('POST', /process$/)).toHaveLength(0);
  });

  it('in Arabic, sends the language, and answers in Arabic when the learner asks for it', async () => {
    await act(() => changeLanguage('ar'));
    const { gateway, details } = await openFirstResult({
      'POST /api/ai-agents/process': () => jsonResponse(buildHelperReply({ response: '## ملخص\n\n- يلخّص **الجدول المحوري** الصفوف.' })),
    });
    expect(gateway.callsTo('GET', /search/)[0].search.get('lang')).toBe('ar');
    fireEvent.click(within(details).getByTestId('learning-helper-in-ui-language'));
    fireEvent.click(within(details).getByRole('button', { name: /ملخص ذكي/ }));
    const rendered = await within(details).findByTestId('learning-helper-markdown');
    expect(gateway.callsTo('POST', /process$/)[0].json).toMatchObject({ action: 'summarize', language: 'ar' });
    expect(rendered.getAttribute('lang')).toBe('ar');
    expect(rendered.getAttribute('dir')).toBe('rtl');
    expect(within(details).getByTestId('learning-helper-source').textContent).toBe('كتبها: المساعد المدمج (دون اتصال)');
  });
});

describe('CourseSearchPage: a result\'s whole text', () => {
  async function openFirstResult(passageRoute: () => Response | Promise<Response>) {
    const gateway = searchGateway(() => pivotSearch, { 'GET /api/courses/search/passages/:chunkId': passageRoute });
    renderPage();
    await searchFor('pivot tables');
    const [first] = screen.getAllByTestId('course-search-result');
    fireEvent.click(within(first).getByTestId('course-search-result-toggle'));
    return { gateway, details: within(first).getByTestId('course-search-details') };
  }

  it('is read only for the result the learner opens, and the helpers wait for it', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { gateway, details } = await openFirstResult(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(within(details).getByTestId('course-search-full-text-loading')).toBeTruthy();
    for (const button of within(details).getAllByTestId('learning-helper')) expect((button as HTMLButtonElement).disabled).toBe(true);
    // Only the opened result's text is asked for.
    await waitFor(() =>
      expect(gateway.callsTo('GET', /\/passages\//).map((call) => call.path)).toEqual([`/api/courses/search/passages/${pivotLesson.id}`]),
    );

    answer(jsonResponse(buildSearchPassage(pivotLesson)));
    expect((await within(details).findByTestId('course-search-full-text')).textContent).toBe(PIVOT_LESSON_TEXT);
    for (const button of within(details).getAllByTestId('learning-helper')) expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('says in a toast and in place that a result is gone, and tries again on request', async () => {
    let gone = true;
    const { gateway, details } = await openFirstResult(() =>
      gone ? jsonResponse({ statusCode: 404, message: 'That search result is no longer in the library: search again' }, 404) : jsonResponse(buildSearchPassage(pivotLesson)),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('The full text could not be loaded');
    expect(toast.textContent).toContain('This result is no longer in the library');
    const error = await within(details).findByTestId('course-search-full-text-error');
    expect(error.textContent).toContain('This result is no longer in the library: its course has changed. Search again.');
    for (const button of within(details).getAllByTestId('learning-helper')) expect((button as HTMLButtonElement).disabled).toBe(true);

    gone = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await within(details).findByTestId('course-search-full-text')).textContent).toBe(PIVOT_LESSON_TEXT);
    expect(gateway.callsTo('GET', /\/passages\//)).toHaveLength(2);
  });

  it('says it in Arabic when the interface is in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    const { details } = await openFirstResult(() => jsonResponse({ statusCode: 502, message: 'svc-courses did not answer' }, 502));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('تعذّر تحميل النص الكامل');
    expect((await within(details).findByTestId('course-search-full-text-error')).textContent).toContain('تحقّق من اتصالك وحاول مرة أخرى.');
  });
});
