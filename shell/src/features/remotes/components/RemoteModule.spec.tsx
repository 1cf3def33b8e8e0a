import { renderWithMasar } from '@masar/shell/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import arabic from '../../../locales/ar/shell.json';
import { changeLanguage } from '../../../runtime/i18n/i18n';
import { IncompatibleRemoteError } from '../incompatible-remote';
import type { RemoteModuleLoader } from '../remote-registry';
import { RemoteModule } from './RemoteModule';

function CoursesPageStub() {
  return <h2>Course Management</h2>;
}

describe('RemoteModule', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Loading...' and then the remote's page", async () => {
    const load = jest.fn(async () => ({ default: CoursesPageStub })) as unknown as RemoteModuleLoader;
    renderWithMasar(<RemoteModule remote="mf_courses" module="./CoursesPage" loadModule={load} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Course Management')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('mf_courses', './CoursesPage', { fresh: false });
  });

  it('shows an error panel naming the module, and Retry loads it afresh', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('Loading script failed: /remotes/mf-courses/remoteEntry.js'))
      .mockResolvedValueOnce({ default: CoursesPageStub }) as unknown as RemoteModuleLoader;
    renderWithMasar(<RemoteModule remote="mf_courses" module="./CoursesPage" loadModule={load} />);

    const panel = await screen.findByTestId('remote-error');
    expect(panel.textContent).toContain('This section could not be loaded');
    expect(panel.textContent).toContain('mf_courses/CoursesPage');
    expect(panel.textContent).toContain('Loading script failed: /remotes/mf-courses/remoteEntry.js');

    fireEvent.click(screen.getByTestId('remote-retry'));

    expect(await screen.findByText('Course Management')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith('mf_courses', './CoursesPage', { fresh: true });
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const load = jest.fn().mockRejectedValue(new Error('manifest unreachable')) as unknown as RemoteModuleLoader;
    renderWithMasar(<RemoteModule remote="mf_agents" module="./QualityPage" loadModule={load} />);
    await screen.findByTestId('remote-error');
    fireEvent.click(screen.getByTestId('remote-retry'));
    await screen.findByTestId('remote-error');
    expect(load).toHaveBeenCalledTimes(2);
  });

  describe('a remote built for another shell', () => {
    const refusal = () =>
      new IncompatibleRemoteError('mf_courses', { version: '1.5.0', unmet: [{ dependency: '@masar/shell/runtime', required: '^0.2.0', provided: '0.1.0' }] }, { version: '1.4.2', unmet: [] });
    afterEach(async () => {
      await act(() => changeLanguage('en'));
    });

    it('is refused with a message saying what it needs, not a crash inside the page', async () => {
      const load = jest.fn().mockRejectedValue(refusal()) as unknown as RemoteModuleLoader;
      renderWithMasar(<RemoteModule remote="mf_courses" module="./CoursesPage" loadModule={load} />);
      const panel = await screen.findByTestId('remote-incompatible');
      expect(panel.textContent).toContain('This section needs another version of the portal');
      expect(panel.textContent).toContain('mf_courses 1.5.0 was built for a different version of the portal');
      expect(panel.textContent).toContain('It needs @masar/shell/runtime ^0.2.0; this portal has 0.1.0.');
      expect(screen.getByTestId('remote-incompatible-fallback').textContent).toContain(
        'Its last good version, 1.4.2, does not fit this portal either. It does not state which versions of the portal it works with.',
      );
      expect(screen.queryByTestId('remote-error')).toBeNull();
    });

    it('is refused in Arabic too', async () => {
      await act(() => changeLanguage('ar'));
      const load = jest.fn().mockRejectedValue(refusal()) as unknown as RemoteModuleLoader;
      renderWithMasar(<RemoteModule remote="mf_courses" module="./CoursesPage" loadModule={load} />);
      const panel = await screen.findByTestId('remote-incompatible');
      expect(panel.textContent).toContain(arabic.remote.incompatible.title);
      expect(panel.textContent).toContain('بُني mf_courses 1.5.0 لإصدار مختلف من البوابة');
      expect(panel.textContent).toContain('يحتاج إلى @masar/shell/runtime ^0.2.0، والمتوفر في هذه البوابة 0.1.0.');
    });
  });

  it('catches a remote page that throws while rendering', async () => {
    function BrokenPage(): never {
      throw new Error('Cannot read properties of undefined');
    }
    const load = jest.fn(async () => ({ default: BrokenPage })) as unknown as RemoteModuleLoader;
    renderWithMasar(<RemoteModule remote="mf_progress" module="./ProgressPage" loadModule={load} />);
    const panel = await screen.findByTestId('remote-error');
    expect(panel.textContent).toContain('mf_progress/ProgressPage');
  });

  it('hands the shell\'s props to an exposed piece, and again after a Retry', async () => {
    function Greeting({ name }: { name: string }) {
      return <p>Hello {name}</p>;
    }
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Greeting }) as unknown as RemoteModuleLoader;
    renderWithMasar(
      <RemoteModule<{ name: string }> remote="mf_jobroles" module="./Greeting" loadModule={load} componentProps={{ name: 'Amal' }} />,
    );
    await screen.findByTestId('remote-error');
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByText('Hello Amal')).toBeTruthy();
  });
});
