import { act, screen } from '@testing-library/react';
import { renderWithMasar } from '../../../testing';
import { changeLanguage } from '../i18n/i18n';
import { showToast } from './toast';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('toasts', () => {
  it('show inside the labelled "Notifications" region, a landmark screen-reader users can jump to', async () => {
    renderWithMasar(<span />);
    act(() => showToast({ kind: 'success', title: 'Audio Generated', description: 'Audio narration is now playing' }));
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect((await screen.findByText('Audio Generated')).closest('section')).toBe(region);
  });

  it('name their region in Arabic', async () => {
    renderWithMasar(<span />);
    await act(() => changeLanguage('ar'));
    act(() => showToast({ kind: 'error', title: 'Audio Error' }));
    const region = await screen.findByRole('region', { name: 'الإشعارات' });
    expect((await screen.findByText('Audio Error')).closest('section')).toBe(region);
  });
});
