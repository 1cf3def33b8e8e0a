import { hasActiveFilters, readCourseFilters, writeCourseFilters } from './course-filters';

describe('course filters in the address', () => {
  it('reads every filter and ignores an unknown level, kind or page', () => {
    expect(readCourseFilters(new URLSearchParams('q=excel&skill=SQL&category=Finance&level=advanced&kind=external&page=3'))).toEqual({
      q: 'excel',
      skill: 'SQL',
      category: 'Finance',
      level: 'advanced',
      kind: 'external',
      page: 3,
    });
    expect(readCourseFilters(new URLSearchParams('level=expert&kind=partner&page=-2'))).toEqual({
      q: '',
      skill: '',
      category: '',
      level: undefined,
      kind: undefined,
      page: 1,
    });
  });

  it('keeps other parameters, drops emptied filters and goes back to page 1 on a filter change', () => {
    const next = writeCourseFilters(new URLSearchParams('jobId=42&page=4&skill=SQL'), { skill: '', level: 'beginner' });
    expect(next.toString()).toBe('jobId=42&level=beginner');
    expect(writeCourseFilters(next, { page: 2 }).get('page')).toBe('2');
    expect(writeCourseFilters(next, { page: 1 }).has('page')).toBe(false);
  });

  it('tells whether any filter narrows the list', () => {
    expect(hasActiveFilters(readCourseFilters(new URLSearchParams('page=2')))).toBe(false);
    expect(hasActiveFilters(readCourseFilters(new URLSearchParams('kind=internal')))).toBe(true);
  });
});
