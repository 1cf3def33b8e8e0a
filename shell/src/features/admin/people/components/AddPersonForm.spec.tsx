import { renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AddPersonForm, type AddPersonFormProps } from './AddPersonForm';

function renderForm(overrides: Partial<AddPersonFormProps> = {}) {
  const props: AddPersonFormProps = {
    onSubmit: jest.fn().mockResolvedValue({ ok: true }),
    onCancel: jest.fn(),
    isSubmitting: false,
    ...overrides,
  };
  return { props, ...renderWithMasar(<AddPersonForm {...props} />) };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function fillValidPerson() {
  type('person-username', 'Nour.Saleh');
  type('person-password', 'a fine long passphrase');
  type('person-first-name', 'نور');
  type('person-last-name', 'Saleh');
  type('person-email', 'nour@masar.test');
}

describe('AddPersonForm', () => {
  it('names every missing field and sends nothing', async () => {
    const { props } = renderForm();
    fireEvent.click(screen.getByTestId('add-person-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5));
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['ab', 'Use 3 to 64 characters'],
    ['ad\u200Bmin', 'Use only English or Arabic letters, digits, dots, hyphens and underscores, without spaces'],
    ['аdmin', 'Use only English or Arabic letters, digits, dots, hyphens and underscores, without spaces'],
    ['omarعمر', 'Use either English or Arabic letters, not both'],
  ])('refuses the username %j with a message', async (username, message) => {
    const { props } = renderForm();
    fillValidPerson();
    type('person-username', username);
    fireEvent.click(screen.getByTestId('add-person-submit'));
    await screen.findByText(message);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a password under 12 characters and an invalid email', async () => {
    const { props } = renderForm();
    fillValidPerson();
    type('person-password', 'short pass');
    type('person-email', 'not-an-email');
    fireEvent.click(screen.getByTestId('add-person-submit'));
    await screen.findByText('Use at least 12 characters');
    await screen.findByText('Enter a valid email address');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('sends the person with the defaults, asking for a new password at first sign-in', async () => {
    const { props } = renderForm();
    fillValidPerson();
    fireEvent.click(screen.getByTestId('add-person-submit'));
    await waitFor(() =>
      expect(props.onSubmit).toHaveBeenCalledWith({
        username: 'Nour.Saleh',
        password: 'a fine long passphrase',
        firstName: 'نور',
        lastName: 'Saleh',
        email: 'nour@masar.test',
        role: 'learner',
        preferredLanguage: 'en',
        mustChangePassword: true,
      }),
    );
  });

  it('shows the server’s refusal under the field it names', async () => {
    renderForm({ onSubmit: jest.fn().mockResolvedValue({ ok: false, field: 'username', message: 'That username is already taken' }) });
    fillValidPerson();
    fireEvent.click(screen.getByTestId('add-person-submit'));
    await screen.findByText('That username is already taken');
  });
});
