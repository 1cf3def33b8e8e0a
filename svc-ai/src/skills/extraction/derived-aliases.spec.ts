import { verbObjectVariants, verbOfActivity } from './derived-aliases';

describe('verbObjectVariants', () => {
  it.each([
    ['stakeholder management', 'manage stakeholder'],
    ['code review', 'review code'],
    ['requirements gathering', 'gather requirements'],
    ['data analysis', 'analyze data'],
    ['team leadership', 'lead team'],
    ['cloud cost optimization', 'optimize cloud cost'],
  ])('reads "%s" as "%s"', (alias, variant) => {
    expect(verbObjectVariants(alias)).toEqual([variant]);
  });

  it.each(['management', 'management of change', 'python', 'design and build', 'C++ development', 'very long noun phrase object management'])(
    'derives nothing from "%s"',
    (alias) => {
      expect(verbObjectVariants(alias)).toEqual([]);
    },
  );
});

describe('verbOfActivity', () => {
  it('gives the verb of a one-word activity, and nothing for other words', () => {
    expect(verbOfActivity('Mentoring')).toBe('mentor');
    expect(verbOfActivity('negotiation')).toBe('negotiate');
    expect(verbOfActivity('design')).toBeUndefined();
    expect(verbOfActivity('Python')).toBeUndefined();
    expect(verbOfActivity('code review')).toBeUndefined();
  });
});
