import { PREDEFINED_JOB_ROLES, type JobDescription } from '@masar/contracts';
import { jsonResponse, never, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { buildJobDescription, buildSkill, evidenceOf } from '../../job-descriptions/job-description.factory';
import type { ConfirmedSkillsHandoff } from '../../skill-review/skill-draft';
import { JobDescriptionWorkflow } from './JobDescriptionWorkflow';

const POSTING = 'Data Scientist. Build machine learning models in Python and explain results to stakeholders.';

function dataScientistPosting(): JobDescription {
  return buildJobDescription({
    title: 'Data Scientist',
    content: POSTING,
    source: { kind: 'predefined-role', role: 'Data Scientist' },
    extractedSkills: [
      buildSkill('Machine Learning', { confidence: 0.93, evidence: [evidenceOf(POSTING, 'machine learning')] }),
      buildSkill('Python', { confidence: 0.9, evidence: [evidenceOf(POSTING, 'Python')] }),
      buildSkill('Stakeholder Communication', { category: 'behavioral', confidence: 0.6, evidence: [evidenceOf(POSTING, 'explain results to stakeholders')] }),
    ],
  });
}

function savedReview(jobDescription: JobDescription, approvedNames: string[]): JobDescription {
  return {
    ...jobDescription,
    reviewedSkills: {
      approved: jobDescription.extractedSkills.filter((skill) => approvedNames.includes(skill.name)),
      notApproved: jobDescription.extractedSkills.filter((skill) => !approvedNames.includes(skill.name)),
      removed: [],
      custom: [],
      reviewedBy: '00000000-0000-4000-8000-000000000001',
      reviewedAt: '2026-03-03T08:00:00.000Z',
    },
  };
}

async function chooseRole(label: string) {
  fireEvent.mouseDown(within(screen.getByTestId('job-role-select')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

function renderWorkflow(onSkillsConfirmed = jest.fn<Promise<void> | void, [ConfirmedSkillsHandoff]>()) {
  renderWithMasar(<JobDescriptionWorkflow onSkillsConfirmed={onSkillsConfirmed} />);
  return { onSkillsConfirmed };
}

describe('JobDescriptionWorkflow (the home page flow)', () => {
  it('shows the role selector, OR and the upload card, and asks for a role before generating', async () => {
    const gateway = stubGateway({});
    renderWorkflow();
    expect(screen.getByTestId('job-role-selector')).toBeTruthy();
    expect(screen.getByText('OR')).toBeTruthy();
    expect(screen.getByTestId('upload-job-description-card')).toBeTruthy();
    fireEvent.click(screen.getByTestId('generate-button'));
    expect(await screen.findByText('No Job Role Selected')).toBeTruthy();
    expect(screen.getByText('Please select a job role first.')).toBeTruthy();
    expect(gateway.callsTo('POST', /demo-job-generation/)).toHaveLength(0);
  });

  it('offers the 15 predefined roles', async () => {
    stubGateway({});
    renderWorkflow();
    fireEvent.mouseDown(within(screen.getByTestId('job-role-select')).getByRole('combobox'));
    await screen.findByTitle('Software Engineer');
    const options = document.querySelectorAll('.ant-select-item-option');
    expect([...options].map((option) => option.getAttribute('title'))).toEqual([...PREDEFINED_JOB_ROLES]);
  });

  it('generates, shows the Skills Overview with the review, saves the review and hands it on', async () => {
    const posting = dataScientistPosting();
    let answer: (response: Response) => void = () => undefined;
    const gateway = stubGateway({
      'POST /api/demo-job-generation': () => new Promise<Response>((resolve) => (answer = resolve)),
      'PUT /api/job-descriptions/:id/skills': () => jsonResponse({ jobDescription: savedReview(posting, ['Machine Learning', 'Python']) }),
    });
    const { onSkillsConfirmed } = renderWorkflow();
    await chooseRole('Data Scientist');
    fireEvent.click(screen.getByTestId('generate-button'));

    expect(await screen.findByTestId('generating-skills')).toBeTruthy();
    expect(screen.getByTestId('generate-button').textContent).toContain('Generating...');
    await waitFor(() => expect(gateway.callsTo('POST', /demo-job-generation/)).toHaveLength(1));
    expect(gateway.callsTo('POST', /demo-job-generation/)[0].json).toEqual({ jobRole: 'Data Scientist', language: 'en' });

    answer(jsonResponse({ title: posting.title, extractedSkills: posting.extractedSkills, jobDescription: posting }));
    expect(await screen.findByText('Job Description Generated')).toBeTruthy();
    expect(screen.getByText('Generated skills for Data Scientist role')).toBeTruthy();
    const overview = screen.getByTestId('skills-overview');
    expect(within(overview).getByTestId('skills-overview-title').textContent).toBe('Data Scientist');
    expect(within(overview).getByText('Stakeholder Communication')).toBeTruthy();
    expect(screen.queryByTestId('job-role-selector')).toBeNull();
    expect(await screen.findByText('Review Extracted Skills')).toBeTruthy();

    fireEvent.click(screen.getByTestId('confirm-skills'));
    await waitFor(() => expect(onSkillsConfirmed).toHaveBeenCalledTimes(1));
    expect(onSkillsConfirmed.mock.calls[0][0]).toEqual({
      jobDescriptionId: posting.id,
      jobTitle: 'Data Scientist',
      confirmedSkills: posting.extractedSkills.slice(0, 2),
    });
    expect(gateway.callsTo('PUT', /\/skills$/)[0].json).toEqual({
      approvedSkills: ['Machine Learning', 'Python'],
      removedSkills: [],
      customSkills: [],
    });
    // The overview now lists the confirmed set only.
    await waitFor(() => expect(screen.getByTestId('skills-confirmed').textContent).toContain('Confirmed skills: 2'));
    expect(within(screen.getByTestId('skills-overview')).queryByText('Stakeholder Communication')).toBeNull();
  });

  it("shows the server's reason when generation fails, invents no skills, and Retry tries again", async () => {
    let attempts = 0;
    stubGateway({
      'POST /api/demo-job-generation': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ statusCode: 503, message: 'The skill extractor is unavailable' }, 503)
          : jsonResponse({ title: 'Data Scientist', extractedSkills: dataScientistPosting().extractedSkills, jobDescription: dataScientistPosting() });
      },
    });
    renderWorkflow();
    await chooseRole('Data Scientist');
    fireEvent.click(screen.getByTestId('generate-button'));

    const failure = await screen.findByTestId('generation-error');
    expect(within(failure).getByText('The skill extractor is unavailable')).toBeTruthy();
    expect(within(failure).getByText('The skills of this role could not be generated')).toBeTruthy();
    expect(screen.queryByTestId('skills-overview')).toBeNull();

    fireEvent.click(within(failure).getByTestId('generation-retry'));
    const overview = await screen.findByTestId('skills-overview');
    expect(within(overview).getByTestId('skills-overview-title').textContent).toBe('Data Scientist');
    expect(attempts).toBe(2);
    expect(screen.queryByTestId('generation-error')).toBeNull();
    expect(screen.queryByTestId('sample-skills-notice')).toBeNull();
  });

  it('says the server could not be reached only when it could not', async () => {
    stubGateway({ 'POST /api/demo-job-generation': () => Promise.reject(new TypeError('fetch failed')) });
    renderWorkflow();
    await chooseRole('Financial Analyst');
    fireEvent.click(screen.getByTestId('generate-button'));
    const failure = await screen.findByTestId('generation-error');
    expect(within(failure).getByText('Could not reach the server. Check your connection and try again.')).toBeTruthy();
    expect(screen.queryByTestId('skills-overview')).toBeNull();
  });

  it('opens the learner’s own saved review when they pick a role they reviewed before', async () => {
    const reviewed = savedReview(dataScientistPosting(), ['Python']);
    stubGateway({
      'POST /api/demo-job-generation': () => jsonResponse({ title: 'Data Scientist', extractedSkills: reviewed.extractedSkills, jobDescription: reviewed }),
    });
    renderWorkflow();
    await chooseRole('Data Scientist');
    fireEvent.click(screen.getByTestId('generate-button'));
    await screen.findByTestId('skills-overview');
    const rows = await screen.findAllByTestId('review-skill');
    expect(rows.map((row) => [row.dataset.skillName, row.dataset.approved])).toEqual(
      expect.arrayContaining([
        ['Machine Learning', 'false'],
        ['Python', 'true'],
        ['Stakeholder Communication', 'false'],
      ]),
    );
  });

  it('opens the review after a successful upload from the upload card', async () => {
    const posting = buildJobDescription({ title: 'Job Description', extractedSkills: [buildSkill('Negotiation', { confidence: 0.88 })] });
    stubGateway({ 'POST /api/job-descriptions/text': () => jsonResponse({ jobDescription: posting }) });
    renderWorkflow();
    fireEvent.click(screen.getByTestId('open-upload-modal'));
    fireEvent.click(await screen.findByText('Text Input'));
    fireEvent.change(await screen.findByTestId('upload-text-content'), { target: { value: 'Negotiate supplier contracts.' } });
    fireEvent.click(screen.getByTestId('upload-text-submit'));
    expect(await screen.findByText('Review Extracted Skills')).toBeTruthy();
    expect(screen.getByTestId('review-job-title').textContent).toBe('Job Description');
    expect(within(screen.getByTestId('skills-overview')).getByText('Negotiation')).toBeTruthy();
  });

  it('lets the host open the upload modal (the admins’ Upload Job Description button)', async () => {
    stubGateway({ 'POST /api/job-descriptions/upload': never });
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            host upload
          </button>
          <span data-testid="host-open">{String(open)}</span>
          <JobDescriptionWorkflow onSkillsConfirmed={jest.fn()} uploadOpen={open} onUploadOpenChange={setOpen} />
        </>
      );
    }
    renderWithMasar(<Host />);
    fireEvent.click(screen.getByText('host upload'));
    expect(await screen.findByTestId('upload-job-description-modal')).toBeTruthy();
    fireEvent.click(screen.getByTestId('open-upload-modal'));
    expect(screen.getByTestId('host-open').textContent).toBe('true');
  });
});
