import { changeLanguage } from '@masar/shell/runtime';
import { renderWithMasar } from '@masar/shell/testing';
import { act, screen } from '@testing-library/react';
import { buildHelperReply } from '../course-search.factory';
import { HelperAnswer } from './HelperAnswer';

const checklist = buildHelperReply({ response: '- [ ] Build a pivot table\n- [x] Sort the data' });

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('HelperAnswer', () => {
  it("names a checklist's read-only boxes, so a screen reader says whether each task is done", () => {
    renderWithMasar(<HelperAnswer title="Checklist" reply={checklist} language="en" />);
    expect(screen.getByRole('checkbox', { name: 'Task to do' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Task done' })).toHaveProperty('checked', true);
  });

  it('names them in Arabic when the portal is in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderWithMasar(<HelperAnswer title="قائمة" reply={checklist} language="en" />);
    expect(screen.getByRole('checkbox', { name: 'مهمة لم تُنجز بعد' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'مهمة منجزة' })).toBeTruthy();
  });
});
