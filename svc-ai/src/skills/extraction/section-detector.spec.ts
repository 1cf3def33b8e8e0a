import { detectSections, headingKindOf, sectionAt } from './section-detector';

describe('headingKindOf', () => {
  it.each([
    ['Requirements', 'requirements'],
    ['## Minimum Qualifications:', 'requirements'],
    ["What you'll bring", 'requirements'],
    ['**Key Responsibilities**', 'responsibilities'],
    ['What you will do:', 'responsibilities'],
    ['Nice to have', 'nice-to-have'],
    ['Preferred Qualifications', 'nice-to-have'],
    ['About Us', 'company'],
    ['About Acme Ltd', 'company'],
    ['Who we are', 'company'],
    ['Benefits', 'benefits'],
    ['What we offer:', 'benefits'],
    ['About the role', 'summary'],
    ['How to apply', 'other'],
    ['المتطلبات', 'requirements'],
    ['المؤهلات المطلوبة:', 'requirements'],
    ['المهام والمسؤوليات', 'responsibilities'],
    ['يفضل:', 'nice-to-have'],
    ['عن الشركة', 'company'],
    ['من نحن', 'company'],
    ['المزايا', 'benefits'],
  ])('reads "%s" as %s', (line, kind) => {
    expect(headingKindOf(line)).toBe(kind);
  });

  it('reads "Heading: content" lines as headings', () => {
    expect(headingKindOf('Requirements: Python, SQL')).toBe('requirements');
    expect(headingKindOf('You will: build APIs')).toBe('responsibilities');
  });

  it.each([
    'Experience with Kafka is a must',
    'Skills in Python and SQL are essential for this job',
    'You will build APIs',
    'We are a leading fintech',
    'مهارات التواصل مهمة جدا في هذا الدور',
  ])('does not mistake the sentence "%s" for a heading', (line) => {
    expect(headingKindOf(line)).toBeUndefined();
  });
});

describe('detectSections', () => {
  it('covers the whole posting, with the text before the first heading as its summary', () => {
    const text = 'Backend Engineer\nAbout us\nWe build things.\nRequirements:\n- Python\nBenefits\n- Gym';
    const sections = detectSections(text);
    expect(sections.map((section) => section.kind)).toEqual(['summary', 'company', 'requirements', 'benefits']);
    expect(sections[0].start).toBe(0);
    expect(sections.at(-1)?.end).toBe(text.length);
    expect(sectionAt(sections, text.indexOf('Python')).kind).toBe('requirements');
    expect(sectionAt(sections, text.indexOf('We build')).kind).toBe('company');
    expect(sectionAt(sections, text.indexOf('Gym')).kind).toBe('benefits');
  });

  it('calls a posting without any heading untitled', () => {
    const text = 'We need a Python developer.\nYou know SQL.';
    expect(detectSections(text)).toEqual([{ kind: 'untitled', start: 0, end: text.length }]);
  });
});
