import { renderWithMasar } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ChangePasswordForm } from './ChangePasswordForm';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ChangePasswordForm', () => {
  it('needs the current password, 12 characters and the same new password twice', async () => {
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithMasar(<ChangePasswordForm onSubmit={onSubmit} isSubmitting={false} />);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(3));

    type('current-password', 'demo123');
    type('new-password', 'eleven char');
    type('confirm-password', 'something else');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await screen.findByText('Use at least 12 characters');
    await screen.findByText('The two new passwords do not match');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts characters as a person does and keeps spaces', async () => {
    const onSubmit = jest.fn().mockResolvedValue(true);
    renderWithMasar(<ChangePasswordForm onSubmit={onSubmit} isSubmitting={false} />);
    const twelveKeys = ' 🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑 ';
    type('current-password', 'demo123');
    type('new-password', twelveKeys);
    type('confirm-password', twelveKeys);
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ currentPassword: 'demo123', newPassword: twelveKeys }));
  });

  it('shows Arabic labels and messages in Arabic', async () => {
    const { i18n } = await import('@masar/shell/runtime');
    await i18n.changeLanguage('ar');
    try {
      renderWithMasar(<ChangePasswordForm onSubmit={jest.fn()} isSubmitting={false} />);
      expect(screen.getByText('كلمة المرور الحالية')).toBeTruthy();
      fireEvent.click(screen.getByTestId('change-password-submit'));
      await waitFor(() => expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(3));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
