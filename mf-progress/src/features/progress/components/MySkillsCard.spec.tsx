import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildAcquiredSkill, learnerSkillsReply } from '../progress.factory';
import { MySkillsCard } from './MySkillsCard';

const PROFILE = [
  buildAcquiredSkill({ skill: 'Python', level: 'strong', source: 'self-assessment' }),
  buildAcquiredSkill({ skill: 'SQL', level: 'working', source: 'self-assessment' }),
  buildAcquiredSkill({ skill: 'Excel', level: 'basic', source: 'course' }),
];

const rows = () => screen.getAllByTestId('self-assessment-row');
const skillInputs = () => screen.getAllByTestId('self-assessment-skill') as HTMLInputElement[];
const rowOf = (skill: string) => {
  const row = rows().find((element) => within(element).getByTestId<HTMLInputElement>('self-assessment-skill').value === skill);
  if (!row) throw new Error(`no row for ${skill}`);
  return row;
};

/** Opens 'Assess my skills' once the profile it pre-fills from has loaded. */
async function openAssessment() {
  const assess = await screen.findByTestId<HTMLButtonElement>('assess-skills');
  await waitFor(() => expect(assess.disabled).toBe(false));
  fireEvent.click(assess);
  return screen.findByTestId('self-assessment-modal');
}

function addRow(skill: string) {
  fireEvent.click(screen.getByTestId('self-assessment-add'));
  fireEvent.change(skillInputs().at(-1)!, { target: { value: skill } });
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('MySkillsCard and the self-assessment', () => {
  it('opens with the self-assessed skills only, each at its level', async () => {
    stubGateway({ 'GET /api/learner-skills': () => learnerSkillsReply(PROFILE) });
    renderWithMasar(<MySkillsCard />);
    await openAssessment();

    expect(screen.getByText('Assess my skills', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(skillInputs().map((input) => input.value)).toEqual(['Python', 'SQL']);
    expect(rowOf('Python').textContent).toContain('Strong');
    expect(rowOf('SQL').textContent).toContain('Working');
  });

  it('starts with one empty row when nothing is self-assessed yet', async () => {
    stubGateway({ 'GET /api/learner-skills': () => learnerSkillsReply([]) });
    renderWithMasar(<MySkillsCard />);
    expect(await screen.findByText('No skills in your profile yet. Assess your skills or complete a course.')).toBeTruthy();
    await openAssessment();
    expect(skillInputs().map((input) => input.value)).toEqual(['']);
  });

  it("refuses what the contract refuses with its message, and sends nothing", async () => {
    const gateway = stubGateway({ 'GET /api/learner-skills': () => learnerSkillsReply(PROFILE) });
    renderWithMasar(<MySkillsCard />);
    await openAssessment();

    addRow('  python ');
    fireEvent.click(screen.getByTestId('self-assessment-save'));
    expect((await screen.findByTestId('self-assessment-problem')).textContent).toBe('Each skill can be listed only once: python');
    expect(skillInputs()[2].className).toContain('ant-input-status-error');

    fireEvent.change(skillInputs()[2], { target: { value: '   ' } });
    expect(screen.queryByTestId('self-assessment-problem')).toBeNull(); // editing clears the message
    fireEvent.click(screen.getByTestId('self-assessment-save'));
    expect((await screen.findByTestId('self-assessment-problem')).textContent).toBe('Skill name is required');
    expect(gateway.callsTo('PUT', /^\/api\/learner-skills$/)).toHaveLength(0);
  });

  it('saves the assessment, toasts Skill profile saved, closes and shows the new profile', async () => {
    let profile = PROFILE;
    const gateway = stubGateway({
      'GET /api/learner-skills': () => learnerSkillsReply(profile),
      'PUT /api/learner-skills': () => {
        profile = [
          buildAcquiredSkill({ skill: 'Python', level: 'expert' }),
          buildAcquiredSkill({ skill: 'Tableau', level: 'basic' }),
          PROFILE[2],
        ];
        return learnerSkillsReply(profile);
      },
    });
    renderWithMasar(<MySkillsCard />);
    await openAssessment();

    fireEvent.mouseDown(within(rowOf('Python')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Expert'));
    fireEvent.click(within(rowOf('SQL')).getByTestId('self-assessment-remove'));
    addRow('  Tableau ');
    fireEvent.click(screen.getByTestId('self-assessment-save'));

    expect(await screen.findByText('Skill profile saved')).toBeTruthy();
    expect(gateway.callsTo('PUT', /^\/api\/learner-skills$/).map((call) => call.json)).toEqual([
      {
        skills: [
          { skill: 'Python', level: 'expert' },
          { skill: 'Tableau', level: 'basic' },
          // Removed from the list: `none` takes it off the profile (unlisted skills would keep their level).
          { skill: 'SQL', level: 'none' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('self-assessment-modal')).toBeNull());
    await waitFor(() =>
      expect(screen.getAllByTestId('learner-skill').map((skill) => skill.dataset.skill)).toEqual(['Python', 'Tableau', 'Excel']),
    );
    expect(gateway.callsTo('GET', /^\/api\/learner-skills$/)).toHaveLength(2);
  });

  it("keeps the modal open and toasts Error with the server's message when the save is refused", async () => {
    stubGateway({
      'GET /api/learner-skills': () => learnerSkillsReply(PROFILE),
      'PUT /api/learner-skills': () =>
        jsonResponse({ statusCode: 400, message: 'level must be none, basic, working, strong or expert' }, 400),
    });
    renderWithMasar(<MySkillsCard />);
    await openAssessment();
    addRow('Tableau');
    fireEvent.click(screen.getByTestId('self-assessment-save'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Error');
    expect(toast.textContent).toContain('level must be none, basic, working, strong or expert');
    expect(screen.getByTestId('self-assessment-modal')).toBeTruthy();
    expect(skillInputs().map((input) => input.value)).toEqual(['Python', 'SQL', 'Tableau']);
  });

  it('reads in Arabic: levels, sources and the validation message', async () => {
    stubGateway({ 'GET /api/learner-skills': () => learnerSkillsReply(PROFILE) });
    await act(() => changeLanguage('ar'));
    renderWithMasar(<MySkillsCard />);

    const skills = await screen.findAllByTestId('learner-skill');
    expect(skills.map((skill) => skill.textContent)).toEqual(['Pythonتقييم ذاتيقوي', 'SQLتقييم ذاتيعملي', 'Excelمن دورةأساسي']);
    await openAssessment();
    addRow('SQL');
    fireEvent.click(screen.getByText('حفظ'));
    expect((await screen.findByTestId('self-assessment-problem')).textContent).toBe('لا يمكن إدراج المهارة إلا مرة واحدة: SQL');
  });
});
