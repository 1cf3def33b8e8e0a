import { renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginForm, type LoginFormProps } from './LoginForm';

function renderForm(overrides: Partial<LoginFormProps> = {}) {
  const props: LoginFormProps = {
    onSignIn: jest.fn(),
    onStartDemo: jest.fn(),
    isSigningIn: false,
    isStartingDemo: false,
    ...overrides,
  };
  const view = renderWithMasar(<LoginForm {...props} />);
  return { props, ...view };
}

const signInButton = () => screen.getByTestId('login-submit');
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('LoginForm', () => {
  it('keeps Sign In disabled until both username and password are filled', async () => {
    renderForm();
    expect(isDisabled(signInButton())).toBe(true);

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo' } });
    await waitFor(() => expect(isDisabled(signInButton())).toBe(true));

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo123' } });
    await waitFor(() => expect(isDisabled(signInButton())).toBe(false));

    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '   ' } });
    await waitFor(() => expect(isDisabled(signInButton())).toBe(true));
  });

  it('submits the typed credentials', async () => {
    const { props } = renderForm();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo123' } });
    await waitFor(() => expect(isDisabled(signInButton())).toBe(false));
    fireEvent.click(signInButton());
    await waitFor(() => expect(props.onSignIn).toHaveBeenCalledWith({ username: 'demo', password: 'demo123' }));
  });

  it("reads 'Signing in...' and stays disabled while the sign-in is pending", () => {
    renderForm({ isSigningIn: true });
    const button = screen.getByTestId('login-submit');
    expect(button.textContent).toBe('Signing in...');
    expect(isDisabled(button)).toBe(true);
    expect(isDisabled(screen.getByTestId('login-demo'))).toBe(true);
  });

  it("reads 'Starting Demo...' while the demo login is pending", () => {
    renderForm({ isStartingDemo: true });
    expect(screen.getByTestId('login-demo').textContent).toBe('Starting Demo...');
    expect(isDisabled(screen.getByTestId('login-submit'))).toBe(true);
  });
});
