import { buildCoursePassages, groupParagraphs, IndexedCourse, PASSAGE_MAX_WORDS } from './passage-builder';

const words = (count: number, word = 'word') => Array.from({ length: count }, () => word).join(' ');
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function course(overrides: Partial<IndexedCourse> = {}): IndexedCourse {
  return {
    id: 'c1',
    title: 'Excel Essentials',
    description: 'Tables, formulas and pivot tables.',
    objective: 'Summarise data with pivot tables',
    skills: ['Microsoft Excel', 'Pivot Tables'],
    titleAr: 'أساسيات إكسل',
    descriptionAr: null,
    language: 'en',
    modules: [
      {
        id: 'm1',
        title: 'Summarising Data',
        description: 'Pivot tables and charts.',
        lessons: [{ id: 'l1', title: 'Pivot tables step by step', content: `${words(200, 'alpha')}\n\n${words(200, 'beta')}`, keyPoints: ['Refresh after changes'], activities: ['Build a pivot'] }],
      },
    ],
    ...overrides,
  };
}

describe('course passages', () => {
  it('gives the course, each module and each lesson passages of a few hundred words, key points and activities included', () => {
    const passages = buildCoursePassages(course());
    expect(passages.map((passage) => [passage.field, passage.position, passage.title])).toEqual([
      ['course', 0, 'Excel Essentials'],
      ['module', 0, 'Summarising Data'],
      ['lesson', 0, 'Pivot tables step by step'],
      ['lesson', 1, 'Pivot tables step by step'],
    ]);
    expect(passages[0].text).toContain('Objective: Summarise data with pivot tables');
    expect(passages[0].text).toContain('أساسيات إكسل');
    expect(passages[0].text).toContain('Skills: Microsoft Excel, Pivot Tables');
    expect(passages[2].text.startsWith('alpha')).toBe(true);
    expect(passages[3].text).toContain('Key points:\n- Refresh after changes');
    expect(passages[3].text).toContain('Activities:\n- Build a pivot');
  });

  it('labels an Arabic course’s lists in Arabic', () => {
    const [first, , lesson] = buildCoursePassages(course({ language: 'ar', modules: [{ ...course().modules[0], lessons: [{ id: 'l', title: 'درس', content: 'نص قصير.', keyPoints: ['نقطة'], activities: [] }] }] }));
    expect(first.text).toContain('المهارات: Microsoft Excel');
    expect(lesson.text).toBe('نص قصير.\n\nالنقاط الرئيسية:\n- نقطة');
  });

  it('never lets a passage grow past the maximum, cutting a long paragraph between sentences', () => {
    const long = Array.from({ length: 100 }, (_, index) => `Sentence ${index} has six words here.`).join(' ');
    const passages = groupParagraphs([long, 'A short closing paragraph.']);
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(wordCount(passage)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    expect(passages.join(' ').replace(/\s+/g, ' ')).toContain('Sentence 99 has six words here. A short closing paragraph.');
  });

  it('joins a short last piece to the passage before it', () => {
    expect(groupParagraphs([words(260), words(20, 'tail')])).toEqual([`${words(260)}\n\n${words(20, 'tail')}`]);
  });
});
