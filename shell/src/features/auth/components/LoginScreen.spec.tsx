import { buildUser, jsonResponse, renderWithMasar } from '@masar/shell/testing';
import { changeLanguage } from '@masar/shell/runtime';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { forgetAppConfig } from '../../remotes/remote-registry';
import { authApi } from '../auth.api';
import { LoginScreen } from './LoginScreen';

const fetchMock = jest.fn<Promise<Response>, [Request | string]>();
/** What the stubbed gateway answers to the login or demo-login call. */
let answerSignIn: () => Promise<Response>;
/** What the stubbed gateway's runtime config says about the demo sign-in. */
let demoCredentials: { username: string; password: string } | null;
/** What it says about single sign-on. */
let singleSignOn: { displayName: string; loginUrl: string }[];
let localPasswordsEnabled: boolean;

const REMOTES = {
  mf_courses: '/remotes/mf-courses/mf-manifest.json',
  mf_jobroles: '/remotes/mf-jobroles/mf-manifest.json',
  mf_progress: '/remotes/mf-progress/mf-manifest.json',
  mf_agents: '/remotes/mf-agents/mf-manifest.json',
};

beforeEach(() => {
  fetchMock.mockReset();
  forgetAppConfig();
  demoCredentials = { username: 'demo', password: 'demo123' };
  singleSignOn = [];
  localPasswordsEnabled = true;
  fetchMock.mockImplementation((request) => {
    if (typeof request === 'string') {
      // The login screen reads the demo sign-in from the runtime config.
      return Promise.resolve(jsonResponse({ remotes: REMOTES, demoCredentials, singleSignOn, localPasswordsEnabled }, 200));
    }
    // The header's language switch asks who is signed in: nobody.
    return request.url.endsWith('/auth/user') ? Promise.resolve(jsonResponse({ message: 'Unauthorized' }, 401)) : answerSignIn();
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function signInCalls(): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request): request is Request => typeof request !== 'string' && !request.url.endsWith('/auth/user'));
}

async function submitCredentials(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
}

describe('LoginScreen', () => {
  it('shows the demo credentials the runtime config gives, and a way back to the landing page', async () => {
    demoCredentials = { username: 'visitor', password: 'try-masar-2026' };
    renderWithMasar(<LoginScreen />, { route: '/login' });
    const credentials = await screen.findByTestId('demo-credentials');
    expect(credentials.textContent).toContain('visitor');
    expect(credentials.textContent).toContain('try-masar-2026');
    expect(screen.getByTestId('login-back').getAttribute('href')).toBe('/');
  });

  it('shows no demo credentials when the deployment hides them', async () => {
    demoCredentials = null;
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([request]) => request === '/app-config.json')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('demo-credentials')).toBeNull();
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it("reads 'Signing in...' while the login call is on its way", async () => {
    answerSignIn = () => new Promise<Response>(() => undefined);
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'demo123');
    await waitFor(() => expect(screen.getByTestId('login-submit').textContent).toBe('Signing in...'));
    const [request] = signInCalls();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://masar.test/api/auth/login');
    expect(request.credentials).toBe('include');
    expect(await request.json()).toEqual({ username: 'demo', password: 'demo123' });
  });

  it("shows 'Login Failed' with the server's message on a 401", async () => {
    answerSignIn = async () => jsonResponse({ message: 'Invalid username or password' }, 401);
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'wrong');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
  });

  it("falls back to 'Invalid credentials' when the rejection has no message", async () => {
    answerSignIn = async () => new Response('', { status: 401, statusText: 'Unauthorized' });
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'wrong');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid credentials')).toBeTruthy();
  });

  it("shows the rate limiter's message on a 429", async () => {
    answerSignIn = async () => jsonResponse({ message: 'Too many login attempts. Try again in 15 minutes.' }, 429);
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'wrong');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Too many login attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it("shows 'Login Error' when the server cannot be reached", async () => {
    answerSignIn = () => Promise.reject(new TypeError('fetch failed'));
    renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'demo123');
    expect(await screen.findByText('Login Error')).toBeTruthy();
    expect(screen.getByText('Unable to connect to server')).toBeTruthy();
  });

  it("signs in: 'Login Successful' welcomes to Masar and the session holds the user", async () => {
    const user = buildUser({ username: 'demo', firstName: 'Demo' });
    answerSignIn = async () => jsonResponse({ message: 'Login successful', user });
    const { store } = renderWithMasar(<LoginScreen />, { route: '/login' });
    await submitCredentials('demo', 'demo123');
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(screen.getByText('Welcome to Masar!')).toBeTruthy();
    expect(authApi.endpoints.getCurrentUser.select()(store.getState()).data).toEqual(user);
  });

  it("shows 'Demo Login Error' when the demo session cannot start", async () => {
    answerSignIn = () => Promise.reject(new TypeError('fetch failed'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithMasar(<LoginScreen />, { route: '/login' });
    fireEvent.click(screen.getByTestId('login-demo'));
    expect(await screen.findByText('Demo Login Error')).toBeTruthy();
    expect(screen.getByText('Unable to start demo session')).toBeTruthy();
  });

  describe('single sign-on', () => {
    afterEach(async () => {
      await act(() => changeLanguage('en'));
    });

    it("offers 'Sign in with <organisation>' beside the password form when SSO is configured", async () => {
      singleSignOn = [{ displayName: 'Acme', loginUrl: '/api/auth/oidc/login' }];
      renderWithMasar(<LoginScreen />, { route: '/login' });
      const button = await screen.findByTestId('sso-sign-in');
      expect(button.textContent).toBe('Sign in with Acme');
      expect(button.getAttribute('href')).toBe('/api/auth/oidc/login');
      expect(screen.getByTestId('login-form')).toBeTruthy();
    });

    it('offers a button per configured provider (OIDC and SAML)', async () => {
      singleSignOn = [
        { displayName: 'Acme', loginUrl: '/api/auth/oidc/login' },
        { displayName: 'Acme HR', loginUrl: '/api/auth/saml/login' },
      ];
      renderWithMasar(<LoginScreen />, { route: '/login' });
      await waitFor(() => expect(screen.getAllByTestId('sso-sign-in')).toHaveLength(2));
      const [oidc, saml] = screen.getAllByTestId('sso-sign-in');
      expect(oidc.getAttribute('href')).toBe('/api/auth/oidc/login');
      expect(saml.textContent).toBe('Sign in with Acme HR');
      expect(saml.getAttribute('href')).toBe('/api/auth/saml/login');
    });

    it('says it in Arabic', async () => {
      singleSignOn = [{ displayName: 'Acme', loginUrl: '/api/auth/oidc/login' }];
      await act(() => changeLanguage('ar'));
      renderWithMasar(<LoginScreen />, { route: '/login' });
      expect((await screen.findByTestId('sso-sign-in')).textContent).toBe('تسجيل الدخول عبر Acme');
    });

    it('shows only the SSO button when local passwords are switched off', async () => {
      singleSignOn = [{ displayName: 'Acme', loginUrl: '/api/auth/oidc/login' }];
      localPasswordsEnabled = false;
      demoCredentials = null;
      renderWithMasar(<LoginScreen />, { route: '/login' });
      await screen.findByTestId('sso-sign-in');
      await waitFor(() => expect(screen.queryByTestId('login-form')).toBeNull());
    });

    it('offers no SSO button without single sign-on, nor one pointing off this origin', async () => {
      singleSignOn = [{ displayName: 'Evil', loginUrl: 'https://evil.example/login' }];
      renderWithMasar(<LoginScreen />, { route: '/login' });
      await waitFor(() => expect(fetchMock.mock.calls.some(([request]) => request === '/app-config.json')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByTestId('sso-sign-in')).toBeNull();
    });
  });

  describe('after a refused single sign-on', () => {
    afterEach(async () => {
      await act(() => changeLanguage('en'));
    });

    it("shows why, from the gateway's code", async () => {
      renderWithMasar(<LoginScreen />, { route: '/login?signInError=email-domain' });
      const alert = await screen.findByTestId('sign-in-error');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toContain('Single sign-on did not sign you in');
      expect(alert.textContent).toContain('Your email address is not in a domain allowed to sign in to Masar.');
    });

    it('says it in Arabic', async () => {
      await act(() => changeLanguage('ar'));
      renderWithMasar(<LoginScreen />, { route: '/login?signInError=account-deactivated' });
      expect((await screen.findByTestId('sign-in-error')).textContent).toContain('تم تعطيل حسابك في مسار. اطلب من أحد المسؤولين إعادة تفعيله.');
    });

    it('shows the general message for a code it does not know, never the text of the link', async () => {
      renderWithMasar(<LoginScreen />, { route: '/login?signInError=Call%20555-0100%20to%20unlock' });
      const alert = await screen.findByTestId('sign-in-error');
      expect(alert.textContent).toContain('Something went wrong while signing you in. Try again.');
      expect(alert.textContent).not.toContain('555');
    });

    it('shows nothing when the page was opened normally', async () => {
      renderWithMasar(<LoginScreen />, { route: '/login' });
      await screen.findByTestId('login-form');
      expect(screen.queryByTestId('sign-in-error')).toBeNull();
    });
  });
});
