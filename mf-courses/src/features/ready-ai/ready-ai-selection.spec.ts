import { categoriesWithCourses, categoryLabel, remainingSlots, toggleSelection } from './ready-ai-selection';
import { buildCategoryCourse, buildCourseCategory } from './ready-ai.factory';

describe('Ready AI selection', () => {
  it('shows category names with spaces for underscores', () => {
    expect(categoryLabel('Customer_Service')).toBe('Customer Service');
    expect(categoryLabel('Microsoft__Excel_')).toBe('Microsoft Excel');
    expect(categoryLabel('Leadership')).toBe('Leadership');
  });

  it('keeps only the categories that have courses to pick', () => {
    const course = buildCategoryCourse();
    const kept = categoriesWithCourses([buildCourseCategory('Leadership', []), buildCourseCategory('Communication', [course])]);
    expect(kept.map((category) => category.name)).toEqual(['Communication']);
  });

  it('picks up to 3 courses and puts one back when picked again', () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((n) => buildCategoryCourse({ title: `Course ${n}` }));
    let selection = [a, b, c].reduce(toggleSelection, [] as ReturnType<typeof toggleSelection>);
    expect(remainingSlots(selection)).toBe(0);
    expect(toggleSelection(selection, d)).toEqual([a, b, c]);
    selection = toggleSelection(selection, b);
    expect(selection).toEqual([a, c]);
    expect(remainingSlots(selection)).toBe(1);
  });
});
