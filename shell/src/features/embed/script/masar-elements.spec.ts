import { embedApiBaseUrl, embedSessionToken, showToast } from '@masar/shell/runtime';
import { waitFor } from '@testing-library/react';
import { defineMasarElements } from './masar-elements';

const MASAR = 'https://masar.example.com';

interface Recorded {
  url: string;
  init: RequestInit;
}

describe('a Masar custom element hands its token to Masar and keeps nothing of it', () => {
  const calls: Recorded[] = [];
  let answer: () => Response;
  const events: Array<{ target: string; type: string; detail: unknown }> = [];
  const record = (event: Event) =>
    events.push({ target: (event.target as Element).id, type: event.type, detail: (event as CustomEvent).detail });

  beforeAll(() => {
    // The elements render on their own, as in a host page: no act() around a custom element's life.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answer();
    });
    for (const type of ['masar:ready', 'masar:session-refused']) document.addEventListener(type, record);
    defineMasarElements(`${MASAR}/embed/masar.js`);
  });

  afterEach(() => {
    document.body.innerHTML = '';
    calls.length = 0;
    events.length = 0;
  });

  it("leaves the host page's <html> language, direction and title as they were", () => {
    // masar.js's code (the runtime's i18next included) has run by now: the document is not Masar's.
    expect([document.title, document.documentElement.lang, document.documentElement.dir]).toEqual(['', '', '']);
  });

  it('sends the API to the origin masar.js came from', () => {
    expect(embedApiBaseUrl()).toBe(`${MASAR}/api`);
  });

  it('says masar:ready, takes the token attribute off at once and exchanges it without cookies', async () => {
    answer = () => new Response(JSON.stringify({ statusCode: 401, message: 'The embed token was already used' }), { status: 401 });
    const element = document.createElement('masar-skill-review');
    element.id = 'review';
    document.body.append(element);
    expect(events).toContainEqual({ target: 'review', type: 'masar:ready', detail: { type: 'masar:ready', module: 'skill-review' } });

    element.setAttribute('token', ' one-time.token ');
    expect(element.hasAttribute('token')).toBe(false);
    expect((element as unknown as { token: unknown }).token).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${MASAR}/api/embed/session`);
    expect(calls[0].init.credentials).toBe('omit');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ token: 'one-time.token', hostOrigin: window.location.origin });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toContainEqual({
      target: 'review',
      type: 'masar:session-refused',
      detail: { type: 'masar:session-refused', message: '401: The embed token was already used' },
    });
    expect(embedSessionToken()).toBeNull();
  });

  it('takes the write-only token property, and ignores blank or non-string ones', async () => {
    answer = () => new Response(JSON.stringify({ message: 'no' }), { status: 401 });
    const element = document.createElement('masar-learning-path') as HTMLElement & { token?: unknown };
    element.token = '   ';
    expect(calls).toHaveLength(0);
    element.token = 42;
    expect(calls).toHaveLength(0);
    element.token = 'path.token';
    expect(element.token).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(element, 'token')).toBe(false);
    document.body.append(element);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.map((call) => JSON.parse(String(call.init.body)).token)).toEqual(['path.token']);
  });

  it("shows a toast inside the element the person last used, and leaves the host page's <html> and title alone", async () => {
    document.title = 'Acme intranet';
    document.documentElement.lang = 'de';
    document.documentElement.dir = 'ltr';
    const courses = document.createElement('masar-courses');
    courses.setAttribute('lang', 'en');
    const progress = document.createElement('masar-progress');
    progress.setAttribute('lang', 'ar');
    document.body.append(courses, progress);
    const toastIn = (element: HTMLElement) => element.shadowRoot?.querySelector('[data-testid="toast"]')?.textContent ?? null;
    // Something happens (the toast) until the elements have rendered and the used one has taken the page's messages.
    const toastUntilShownIn = (element: HTMLElement, title: string) =>
      waitFor(
        () => {
          showToast({ kind: 'success', title });
          expect(toastIn(element)).toContain(title);
        },
        { timeout: 30_000, interval: 50 },
      );

    progress.dispatchEvent(new Event('pointerdown'));
    await toastUntilShownIn(progress, 'Lesson completed');
    expect(progress.shadowRoot?.querySelector('[data-testid="toast-region"]')?.getAttribute('aria-label')).toBe('الإشعارات');
    expect(toastIn(courses)).toBeNull();
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();

    courses.dispatchEvent(new Event('keydown'));
    await toastUntilShownIn(courses, 'Could not save');

    expect([document.title, document.documentElement.lang, document.documentElement.dir]).toEqual(['Acme intranet', 'de', 'ltr']);
  });
});
