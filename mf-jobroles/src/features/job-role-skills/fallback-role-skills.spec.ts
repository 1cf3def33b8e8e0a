import { PREDEFINED_JOB_ROLES } from '@masar/contracts';
import { fallbackSkillsFor } from './fallback-role-skills';

describe('built-in sample skills (the fallback when generation fails)', () => {
  it('gives 8 skills to Software Engineer, Data Scientist and Product Manager', () => {
    for (const role of ['Software Engineer', 'Data Scientist', 'Product Manager'] as const) {
      const skills = fallbackSkillsFor(role);
      expect(skills).toHaveLength(8);
      expect(new Set(skills.map((skill) => skill.name)).size).toBe(8);
    }
  });

  it('gives every other role 4 generic behavioral skills', () => {
    const others = PREDEFINED_JOB_ROLES.filter((role) => !['Software Engineer', 'Data Scientist', 'Product Manager'].includes(role));
    expect(others).toHaveLength(12);
    for (const role of others) {
      const skills = fallbackSkillsFor(role);
      expect(skills).toHaveLength(4);
      expect(skills.every((skill) => skill.category === 'behavioral')).toBe(true);
    }
  });

  it('labels every sample skill in Arabic and keeps confidences in 0..1', () => {
    for (const role of PREDEFINED_JOB_ROLES) {
      for (const skill of fallbackSkillsFor(role)) {
        expect(skill.nameAr).toMatch(/[\u0600-\u06FF]/);
        expect(skill.confidence).toBeGreaterThan(0);
        expect(skill.confidence).toBeLessThanOrEqual(1);
      }
    }
  });
});
