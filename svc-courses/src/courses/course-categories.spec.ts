import { READY_AI_CATEGORIES } from '@masar/contracts';
import { CategoryCourseRow, groupByCategory } from './course-categories';

const row = (category: string, title: string): CategoryCourseRow => ({
  id: `00000000-0000-4000-8000-${String(title.length).padStart(12, '0')}`,
  title,
  description: `${title} in practice.`,
  level: 'beginner',
  duration: '2 weeks',
  category,
});

describe('groupByCategory', () => {
  it('answers every Ready AI category in order, empty ones included, when there are no rows', () => {
    expect(groupByCategory([])).toEqual(READY_AI_CATEGORIES.map((name) => ({ name, courses: [] })));
  });

  it('keeps the rows in query order under their category, without the category field', () => {
    const categories = groupByCategory([row('Leadership', 'Coaching'), row('PowerPoint', 'Slides'), row('Leadership', 'Delegation')]);
    expect(categories.find((category) => category.name === 'Leadership')?.courses.map((course) => course.title)).toEqual([
      'Coaching',
      'Delegation',
    ]);
    expect(categories.find((category) => category.name === 'PowerPoint')?.courses[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000006',
      title: 'Slides',
      description: 'Slides in practice.',
      level: 'beginner',
      duration: '2 weeks',
    });
  });

  it('ignores a row of a category outside the eleven', () => {
    const categories = groupByCategory([row('Marketing', 'SEO')]);
    expect(categories).toHaveLength(11);
    expect(categories.flatMap((category) => category.courses)).toEqual([]);
  });
});
