import { buildSkill } from './job-description.factory';
import { previewOf, splitSkills } from './job-description-preview';

describe('job card preview', () => {
  it('keeps short content as it is', () => {
    expect(previewOf('  Plan releases.  ')).toBe('Plan releases.');
  });

  it('cuts content to 150 characters with an ellipsis', () => {
    const preview = previewOf('a'.repeat(400));
    expect(preview).toBe(`${'a'.repeat(150)}…`);
  });

  it('shows four skills and counts the rest', () => {
    const skills = ['SQL', 'Python', 'Tableau', 'Statistics', 'Storytelling', 'Excel'].map((name) => buildSkill(name));
    const { shown, hiddenCount } = splitSkills(skills);
    expect(shown.map((skill) => skill.name)).toEqual(['SQL', 'Python', 'Tableau', 'Statistics']);
    expect(hiddenCount).toBe(2);
  });
});
