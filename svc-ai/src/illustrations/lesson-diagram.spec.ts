import { generateIllustrationRequestSchema } from '@masar/contracts';
import { seedCourse, seedLesson } from '../../test/support/seed-lessons';
import { QueryExpander } from '../search/query-expander';
import { loadTaxonomy } from '../skills/taxonomy/taxonomy';
import { lessonDiagramOf } from './lesson-diagram';

const expander = QueryExpander.fromTaxonomy(loadTaxonomy());

function diagramOf(slug: string, title: string) {
  const { course, lesson } = seedLesson(slug, title);
  const request = generateIllustrationRequestSchema.parse({
    title: lesson.title,
    content: lesson.content,
    lessonSummary: lesson.content.slice(0, 300),
    keyPoints: lesson.keyPoints,
    skills: seedCourse(slug).skills,
  });
  return { diagram: lessonDiagramOf(request, expander), lesson, course };
}

describe('lessonDiagramOf', () => {
  it('reads an English lesson’s skills and recurring terms as concepts, each key point under the first concept it names', () => {
    const { diagram, lesson } = diagramOf('excel-essentials-for-everyday-work', 'Pivot tables step by step');
    expect(diagram.language).toBe('en');
    expect(diagram.title).toBe(lesson.title);
    expect(diagram.concepts[0]).toMatchObject({ label: 'Pivot Tables' });
    expect(diagram.concepts.map((concept) => concept.label)).toContain('Microsoft Excel');
    expect(diagram.concepts.length).toBeLessThanOrEqual(6);
    const placed = [...diagram.concepts.flatMap((concept) => concept.points), ...diagram.otherPoints];
    for (const point of placed) expect(lesson.keyPoints).toContain(point);
    expect(new Set(placed).size).toBe(placed.length);
    // Terms start with a capital, as labels do.
    for (const concept of diagram.concepts) expect(concept.label.charAt(0)).toBe(concept.label.charAt(0).toUpperCase());
  });

  it('reads an Arabic lesson in Arabic, keeping to the course’s field (no medical imaging in a safety lesson)', () => {
    const { diagram } = diagramOf('workplace-safety-and-occupational-health', 'مصدر الخطر والمخاطرة: المفاهيم الأساسية');
    expect(diagram.language).toBe('ar');
    expect(diagram.concepts[0].label).toBe('الصحة والسلامة المهنية');
    expect(diagram.concepts.map((concept) => concept.label)).not.toContain('التصوير الطبي');
    expect(diagram.concepts.every((concept) => /[\u0600-\u06FF]/.test(concept.label))).toBe(true);
  });
});
