import type { ReviewedSkillSet } from '@masar/contracts';
import { buildSkill } from '../job-descriptions/job-description.factory';
import {
  approvedCount,
  expectedLevelOf,
  classifyCustomSkill,
  confirmedSkillsOf,
  initialSkillReview,
  saveBodyOf,
  skillReviewReducer,
} from './skill-review-state';

const extracted = [
  buildSkill('SQL', { confidence: 0.95 }),
  buildSkill('Python', { confidence: 0.71 }),
  buildSkill('Tableau', { confidence: 0.7 }),
  buildSkill('Storytelling', { confidence: 0.4, category: 'behavioral' }),
];

describe('skill review', () => {
  it('starts a skill approved only when its confidence is above 0.7', () => {
    const state = initialSkillReview(extracted);
    expect(state.skills.map((row) => [row.skill.name, row.approved])).toEqual([
      ['SQL', true],
      ['Python', true],
      ['Tableau', false],
      ['Storytelling', false],
    ]);
  });

  it('toggles, removes and adds custom skills approved with confidence 1, trimmed', () => {
    let state = initialSkillReview(extracted);
    state = skillReviewReducer(state, { type: 'toggle', name: 'Tableau' });
    state = skillReviewReducer(state, { type: 'toggle', name: 'Python' });
    state = skillReviewReducer(state, { type: 'remove', name: 'Storytelling' });
    state = skillReviewReducer(state, { type: 'add-custom', name: '  Stakeholder Management  ', category: 'functional' });

    expect(approvedCount(state)).toBe(3);
    const custom = state.skills.find((row) => row.origin === 'custom');
    expect(custom).toMatchObject({ approved: true, skill: { name: 'Stakeholder Management', confidence: 1, category: 'functional' } });
    expect(saveBodyOf(state)).toEqual({
      approvedSkills: ['SQL', 'Tableau'],
      removedSkills: ['Storytelling'],
      customSkills: [{ name: 'Stakeholder Management', category: 'functional' }],
    });
    expect(confirmedSkillsOf(state).map((skill) => skill.name)).toEqual(['SQL', 'Tableau', 'Stakeholder Management']);
  });

  it('refuses an empty name and approves a name already listed instead of doubling it', () => {
    let state = initialSkillReview(extracted);
    expect(classifyCustomSkill(state, '   ')).toBe('invalid');
    expect(classifyCustomSkill(state, 'tableau')).toBe('already-listed');
    state = skillReviewReducer(state, { type: 'add-custom', name: 'tableau', category: 'functional' });
    expect(state.skills).toHaveLength(4);
    expect(state.skills.find((row) => row.skill.name === 'Tableau')?.approved).toBe(true);

    state = skillReviewReducer(state, { type: 'remove', name: 'SQL' });
    state = skillReviewReducer(state, { type: 'add-custom', name: 'sql', category: 'functional' });
    expect(state.removed).toEqual([]);
    expect(state.skills.find((row) => row.skill.name === 'SQL')).toMatchObject({ origin: 'extracted', approved: true });
  });

  it('has nothing to save when no skill is approved', () => {
    let state = initialSkillReview(extracted);
    state = skillReviewReducer(state, { type: 'toggle', name: 'SQL' });
    state = skillReviewReducer(state, { type: 'toggle', name: 'Python' });
    expect(approvedCount(state)).toBe(0);
    expect(saveBodyOf(state)).toBeNull();
  });

  it('opens a reviewed posting as it was saved', () => {
    const saved: ReviewedSkillSet = {
      approved: [extracted[3]],
      notApproved: [extracted[0]],
      removed: [extracted[1]],
      custom: [buildSkill('Negotiation', { category: 'behavioral', confidence: 1 })],
      reviewedBy: '00000000-0000-4000-8000-000000000001',
      reviewedAt: '2026-03-02T10:00:00.000Z',
    };
    const state = initialSkillReview(extracted, saved);
    expect(state.skills.map((row) => [row.skill.name, row.origin, row.approved])).toEqual([
      ['SQL', 'extracted', false],
      ['Tableau', 'extracted', false],
      ['Storytelling', 'extracted', true],
      ['Negotiation', 'custom', true],
    ]);
    expect(state.removed.map((skill) => skill.name)).toEqual(['Python']);
  });

  it('shows the level the posting expects, or the one its importance implies, and saves the levels the reviewer sets', () => {
    const levelled = [buildSkill('SQL', { confidence: 0.95, level: 'expert' }), buildSkill('Tableau', { confidence: 0.9, importance: 'nice-to-have' }), buildSkill('Python')];
    expect(levelled.map(expectedLevelOf)).toEqual(['expert', 'basic', 'working']);
    let state = initialSkillReview(levelled);
    state = skillReviewReducer(state, { type: 'set-level', name: 'tableau', level: 'strong' });
    state = skillReviewReducer(state, { type: 'add-custom', name: 'Negotiation', category: 'behavioral' });
    state = skillReviewReducer(state, { type: 'set-level', name: 'Negotiation', level: 'basic' });
    expect(saveBodyOf(state)).toEqual({
      approvedSkills: ['SQL', 'Tableau', 'Python'],
      removedSkills: [],
      customSkills: [{ name: 'Negotiation', category: 'behavioral', level: 'basic' }],
      skillLevels: [
        { name: 'SQL', level: 'expert' },
        { name: 'Tableau', level: 'strong' },
      ],
    });
    expect(confirmedSkillsOf(state).map((skill) => skill.level)).toEqual(['expert', 'strong', undefined, 'basic']);
  });

  it('opens a reviewed posting with the levels its review saved', () => {
    const saved: ReviewedSkillSet = {
      approved: [{ ...extracted[0], level: 'strong' }],
      notApproved: [{ ...extracted[1], level: 'basic' }],
      removed: [],
      custom: [],
      reviewedBy: '00000000-0000-4000-8000-000000000001',
      reviewedAt: '2026-03-02T10:00:00.000Z',
    };
    const state = initialSkillReview(extracted, saved);
    expect(state.skills.map((row) => [row.skill.name, row.skill.level])).toEqual([
      ['SQL', 'strong'],
      ['Python', 'basic'],
      ['Tableau', undefined],
      ['Storytelling', undefined],
    ]);
  });
});
