import { ArrowLeftOutlined } from '@ant-design/icons';
import { act, screen } from '@testing-library/react';
import { renderWithMasar } from '../../../testing';
import { changeLanguage } from '../i18n/i18n';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

function arrow() {
  renderWithMasar(<ArrowLeftOutlined className="masar-flip-rtl" data-testid="back-arrow" />);
  return screen.getByTestId('back-arrow');
}

describe('the portal-wide accessibility styles', () => {
  it('turn an icon that points to face the reading direction in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    expect(getComputedStyle(arrow()).transform).toBe('scaleX(-1)');
  });

  it('leave it as drawn in English', () => {
    expect(getComputedStyle(arrow()).transform).toBe('');
  });

  it('are in the page once, however many providers render them', () => {
    renderWithMasar(<span />);
    renderWithMasar(<span />);
    expect(document.querySelectorAll('style[data-href="masar-accessibility"], style[href="masar-accessibility"]').length).toBeLessThanOrEqual(1);
    expect(document.head.textContent).toContain('.masar-visually-hidden');
  });
});
