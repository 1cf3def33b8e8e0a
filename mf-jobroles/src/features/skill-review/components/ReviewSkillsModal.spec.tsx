import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildJobDescription, buildSkill, evidenceOf } from '../../job-descriptions/job-description.factory';
import { draftFromJobDescription, type SkillDraft } from '../skill-draft';
import { ReviewSkillsModal } from './ReviewSkillsModal';

const POSTING =
  'Senior Data Analyst. You will write SQL every day and build Tableau dashboards. ' +
  'Requirements: strong SQL, Python for automation, and clear storytelling with data.';

function analystPosting() {
  return buildJobDescription({
    title: 'Senior Data Analyst',
    content: POSTING,
    extractedSkills: [
      buildSkill('SQL', { confidence: 0.95, evidence: [evidenceOf(POSTING, 'SQL'), evidenceOf(POSTING, 'SQL', 90)] }),
      buildSkill('Tableau', { confidence: 0.82, evidence: [evidenceOf(POSTING, 'Tableau')] }),
      buildSkill('Python', { confidence: 0.7, evidence: [evidenceOf(POSTING, 'Python')] }),
      buildSkill('Data Storytelling', { category: 'behavioral', confidence: 0.55, evidence: [evidenceOf(POSTING, 'storytelling')] }),
    ],
  });
}

function renderModal(draft: SkillDraft, onConfirmed = jest.fn()) {
  const onCancel = jest.fn();
  renderWithMasar(<ReviewSkillsModal open draft={draft} onCancel={onCancel} onConfirmed={onConfirmed} />);
  return { onConfirmed, onCancel };
}

function skillRow(name: string): HTMLElement {
  const row = screen.getAllByTestId('review-skill').find((element) => element.dataset.skillName === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const confirmButton = () => screen.getByTestId('confirm-skills') as HTMLButtonElement;

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('ReviewSkillsModal', () => {
  it('starts with the skills above 0.7 approved, grouped by category, with confidence as a percentage', async () => {
    stubGateway({});
    renderModal(draftFromJobDescription(analystPosting()));
    expect(await screen.findByText('Review Extracted Skills')).toBeTruthy();
    expect(skillRow('SQL').dataset.approved).toBe('true');
    expect(skillRow('Tableau').dataset.approved).toBe('true');
    expect(skillRow('Python').dataset.approved).toBe('false'); // 0.7 is not above 0.7
    expect(skillRow('Data Storytelling').dataset.approved).toBe('false');
    expect(skillRow('SQL').textContent).toContain('Confidence: 95%');
    expect(screen.getByTestId('approved-count').textContent).toBe('Approved: 2 of 4');
    expect(within(screen.getByTestId('skill-category-technical')).getByText('Technical')).toBeTruthy();
    expect(within(screen.getByTestId('skill-category-behavioral')).getByText('Data Storytelling')).toBeTruthy();
    expect(screen.queryByTestId('skill-category-compliance')).toBeNull();
  });

  it('shows the evidence with each phrase marked where the posting says it', async () => {
    stubGateway({});
    renderModal(draftFromJobDescription(analystPosting()));
    fireEvent.click(within(await screen.findByText('SQL').then(() => skillRow('SQL'))).getByText('Show evidence'));
    const passage = screen.getByTestId('skill-evidence');
    expect(passage.getAttribute('dir')).toBe('ltr');
    const marks = passage.querySelectorAll('mark');
    expect(marks).toHaveLength(2);
    expect([...marks].map((mark) => mark.textContent)).toEqual(['SQL', 'SQL']);
    expect(passage.textContent).toBe(POSTING);
    // The first mark sits exactly where the extractor said it starts.
    expect(passage.textContent?.indexOf(marks[0].textContent ?? '')).toBe(POSTING.indexOf('SQL'));
  });

  it('reads an Arabic posting right to left with its evidence marked in place', async () => {
    const arabic = 'نبحث عن محلل بيانات. المتطلبات: إتقان لغة بايثون وإدارة أصحاب المصلحة.';
    const posting = buildJobDescription({
      title: 'محلل بيانات',
      content: arabic,
      detectedLanguage: 'ar',
      extractedSkills: [
        buildSkill('Python', { nameAr: 'بايثون', confidence: 0.9, evidence: [evidenceOf(arabic, 'بايثون')] }),
        buildSkill('Stakeholder Management', {
          nameAr: 'إدارة أصحاب المصلحة',
          category: 'behavioral',
          confidence: 0.8,
          evidence: [evidenceOf(arabic, 'إدارة أصحاب المصلحة')],
        }),
      ],
    });
    stubGateway({});
    await act(() => changeLanguage('ar'));
    renderModal(draftFromJobDescription(posting));
    expect(await screen.findByText('مراجعة المهارات المستخرجة')).toBeTruthy();
    expect(skillRow('Python').textContent).toContain('بايثون');
    expect(skillRow('Python').textContent).toContain(new Intl.NumberFormat('ar', { style: 'percent' }).format(0.9));
    fireEvent.click(within(skillRow('Stakeholder Management')).getByText('عرض الدليل'));
    const passage = screen.getByTestId('skill-evidence');
    expect(passage.getAttribute('dir')).toBe('rtl');
    expect(passage.getAttribute('lang')).toBe('ar');
    const mark = passage.querySelector('mark');
    expect(mark?.textContent).toBe('إدارة أصحاب المصلحة');
    expect(passage.textContent).toBe(arabic);
  });

  it('toggles and removes skills, and refuses an empty custom skill with a toast', async () => {
    stubGateway({});
    renderModal(draftFromJobDescription(analystPosting()));
    await screen.findByText('Review Extracted Skills');
    fireEvent.click(screen.getByLabelText('Approve Python'));
    expect(skillRow('Python').dataset.approved).toBe('true');
    fireEvent.click(screen.getByLabelText('Remove Tableau'));
    expect(screen.queryAllByTestId('review-skill').some((row) => row.dataset.skillName === 'Tableau')).toBe(false);
    expect(screen.getByTestId('removed-skills').textContent).toBe('Removed: Tableau');

    fireEvent.change(screen.getByLabelText('Skill name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('add-custom-skill'));
    expect(await screen.findByText('Invalid Skill')).toBeTruthy();
    expect(screen.getByText('Please enter a skill name')).toBeTruthy();
  });

  it('adds a custom skill, trimmed, approved, in the functional category by default', async () => {
    stubGateway({});
    renderModal(draftFromJobDescription(analystPosting()));
    await screen.findByText('Review Extracted Skills');
    expect(screen.getByTestId('custom-skill-category').textContent).toContain('Functional');
    fireEvent.change(screen.getByLabelText('Skill name'), { target: { value: '  Stakeholder Reporting  ' } });
    fireEvent.click(screen.getByTestId('add-custom-skill'));
    const row = skillRow('Stakeholder Reporting');
    expect(row.dataset.approved).toBe('true');
    expect(row.textContent).toContain('Custom');
    expect(within(screen.getByTestId('skill-category-functional')).getByText('Stakeholder Reporting')).toBeTruthy();
    expect((screen.getByLabelText('Skill name') as HTMLInputElement).value).toBe('');
  });

  it('disables Confirm with no skill approved and says why', async () => {
    stubGateway({});
    renderModal(draftFromJobDescription(analystPosting()));
    await screen.findByText('Review Extracted Skills');
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Approve SQL'));
    fireEvent.click(screen.getByLabelText('Approve Tableau'));
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByTestId('no-approved-hint').textContent).toBe('Please approve at least one skill to continue');
  });

  it('saves the reviewed set with PUT, reads Generating Path... meanwhile, then hands the saved skills on', async () => {
    const posting = analystPosting();
    let answer: (response: Response) => void = () => undefined;
    const gateway = stubGateway({
      'PUT /api/job-descriptions/:id/skills': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { onConfirmed } = renderModal(draftFromJobDescription(posting));
    await screen.findByText('Review Extracted Skills');
    fireEvent.click(screen.getByLabelText('Remove Data Storytelling'));
    fireEvent.change(screen.getByLabelText('Skill name'), { target: { value: 'Negotiation' } });
    fireEvent.click(screen.getByTestId('add-custom-skill'));
    fireEvent.click(confirmButton());

    await waitFor(() => expect(confirmButton().textContent).toContain('Generating Path...'));
    expect(confirmButton().disabled).toBe(true);
    await waitFor(() => expect(gateway.callsTo('PUT', /\/skills$/)).toHaveLength(1));
    const [put] = gateway.callsTo('PUT', /\/skills$/);
    expect(put.path).toBe(`/api/job-descriptions/${posting.id}/skills`);
    expect(put.json).toEqual({
      approvedSkills: ['SQL', 'Tableau'],
      removedSkills: ['Data Storytelling'],
      customSkills: [{ name: 'Negotiation', category: 'functional' }],
    });

    const [sql, tableau, python, storytelling] = posting.extractedSkills;
    const negotiation = buildSkill('Negotiation', { category: 'functional', confidence: 1 });
    answer(
      jsonResponse({
        jobDescription: {
          ...posting,
          reviewedSkills: {
            approved: [sql, tableau],
            notApproved: [python],
            removed: [storytelling],
            custom: [negotiation],
            reviewedBy: '00000000-0000-4000-8000-000000000001',
            reviewedAt: '2026-03-03T08:00:00.000Z',
          },
        },
      }),
    );
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    const [handoff, saved] = onConfirmed.mock.calls[0];
    expect(handoff).toEqual({
      jobDescriptionId: posting.id,
      jobTitle: 'Senior Data Analyst',
      confirmedSkills: [sql, tableau, negotiation],
    });
    expect(saved.reviewedSkills.custom).toEqual([negotiation]);
  });

  it('shows the level the posting expects of each skill, in English and Arabic, and saves the one the reviewer picks', async () => {
    const posting = analystPosting();
    posting.extractedSkills[0] = { ...posting.extractedSkills[0], level: 'strong' };
    const gateway = stubGateway({ 'PUT /api/job-descriptions/:id/skills': never });
    renderModal(draftFromJobDescription(posting));
    await screen.findByText('Review Extracted Skills');
    // SQL: "strong SQL" in the posting; Tableau: no level named, so a required skill's working level.
    expect(within(skillRow('SQL')).getByTestId('skill-level').textContent).toBe('Strong');
    expect(within(skillRow('Tableau')).getByTestId('skill-level').textContent).toBe('Working');

    fireEvent.mouseDown(within(skillRow('Tableau')).getByRole('combobox', { name: 'Expected level in Tableau' }));
    fireEvent.click(await screen.findByTitle('Expert'));
    expect(within(skillRow('Tableau')).getByTestId('skill-level').textContent).toBe('Expert');
    fireEvent.click(confirmButton());
    await waitFor(() => expect(gateway.callsTo('PUT', /\/skills$/)).toHaveLength(1));
    expect(gateway.callsTo('PUT', /\/skills$/)[0].json).toEqual({
      approvedSkills: ['SQL', 'Tableau'],
      removedSkills: [],
      customSkills: [],
      skillLevels: [
        { name: 'SQL', level: 'strong' },
        { name: 'Tableau', level: 'expert' },
      ],
    });

    await act(() => changeLanguage('ar'));
    expect(within(skillRow('SQL')).getByTestId('skill-level').textContent).toBe('متمكّن');
    expect(within(skillRow('SQL')).getByRole('combobox', { name: 'المستوى المطلوب في SQL' })).toBeTruthy();
  });

  it("keeps the review open and says 'Skills Not Saved' with the server's message when saving fails", async () => {
    stubGateway({
      'PUT /api/job-descriptions/:id/skills': () => jsonResponse({ statusCode: 404, message: 'Job description not found' }, 404),
    });
    const { onConfirmed } = renderModal(draftFromJobDescription(analystPosting()));
    await screen.findByText('Review Extracted Skills');
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Skills Not Saved')).toBeTruthy();
    expect(screen.getByText('Job description not found')).toBeTruthy();
    expect(onConfirmed).not.toHaveBeenCalled();
    await waitFor(() => expect(confirmButton().textContent).toContain('Confirm Skills'));
  });

  it('confirms sample skills without calling the server, and says they are samples', async () => {
    const gateway = stubGateway({ 'PUT /api/job-descriptions/:id/skills': never });
    const skills = [buildSkill('Communication', { category: 'behavioral', confidence: 0.8 })];
    const { onConfirmed } = renderModal({ jobTitle: 'Marketing Manager', skills, jobDescription: null });
    expect(await screen.findByTestId('sample-skills-notice')).toBeTruthy();
    expect(screen.queryByText('Show evidence')).toBeNull();
    fireEvent.click(confirmButton());
    await waitFor(() =>
      expect(onConfirmed).toHaveBeenCalledWith({ jobDescriptionId: null, jobTitle: 'Marketing Manager', confirmedSkills: skills }, null),
    );
    expect(gateway.callsTo('PUT', /skills/)).toHaveLength(0);
  });

  it('opens a reviewed posting with its saved choices', async () => {
    const posting = analystPosting();
    const [sql, tableau, python, storytelling] = posting.extractedSkills;
    stubGateway({});
    renderModal(
      draftFromJobDescription({
        ...posting,
        reviewedSkills: {
          approved: [python],
          notApproved: [sql, storytelling],
          removed: [tableau],
          custom: [buildSkill('Negotiation', { category: 'behavioral', confidence: 1 })],
          reviewedBy: '00000000-0000-4000-8000-000000000001',
          reviewedAt: '2026-03-03T08:00:00.000Z',
        },
      }),
    );
    await screen.findByText('Review Extracted Skills');
    expect(skillRow('Python').dataset.approved).toBe('true');
    expect(skillRow('SQL').dataset.approved).toBe('false');
    expect(skillRow('Negotiation').dataset.approved).toBe('true');
    expect(screen.getByTestId('removed-skills').textContent).toBe('Removed: Tableau');
  });
});
