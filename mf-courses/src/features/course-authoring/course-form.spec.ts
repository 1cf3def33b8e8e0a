import { aiGenerateCourseBodySchema, courseFormSchema } from '@masar/contracts';
import { i18n } from '@masar/shell/runtime';
import { courseFieldErrors, courseLanguageOf, sampleCourseValues, type CourseFormField } from './course-form';

const t = i18n.getFixedT('en', 'courses');
const arabic = i18n.getFixedT('ar', 'courses');

const FIELDS: CourseFormField[] = [
  'title',
  'description',
  'objective',
  'duration',
  'format',
  'departmentOwner',
  'color',
  'abbreviation',
  'numberOfModules',
  'lessonsPerModule',
];

/** The schema's own words for a form, per field. */
function schemaMessages(values: Record<string, unknown>): Record<string, string> {
  const result = courseFormSchema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

function shownMessages(values: Record<string, unknown>, translate = t): Record<string, string> {
  const result = courseFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(courseFieldErrors(result.error.issues, FIELDS, translate).map(({ name, errors }) => [name, errors[0]]));
}

describe('the course form messages', () => {
  it("say in English exactly what the contracts' schema says, so the browser and the gateway agree", () => {
    const cases: Record<string, unknown>[] = [
      {},
      { title: ' ', description: '', duration: '  ', format: '', departmentOwner: '', color: '', abbreviation: '' },
      {
        title: 'x'.repeat(201),
        description: 'x'.repeat(5001),
        objective: 'x'.repeat(2001),
        duration: 'x'.repeat(101),
        format: 'x'.repeat(101),
        departmentOwner: 'x'.repeat(201),
        color: 'blue',
        abbreviation: 'TOOLONG',
        numberOfModules: 21,
        lessonsPerModule: 0,
      },
      { numberOfModules: '2.5', lessonsPerModule: 4.5 },
    ];
    for (const values of cases) expect(shownMessages(values)).toEqual(schemaMessages(values));
  });

  it("are the spec's '<Field> is required' for every required field", () => {
    expect(shownMessages({})).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      duration: 'Duration is required',
      format: 'Format is required',
      departmentOwner: 'Department is required',
      color: 'Color is required',
      abbreviation: 'Abbreviation is required',
    });
  });

  it('are Arabic in an Arabic interface', () => {
    expect(shownMessages({ numberOfModules: 30 }, arabic)).toMatchObject({
      title: 'العنوان مطلوب',
      duration: 'المدة مطلوبة',
      numberOfModules: 'يجب أن يكون عدد الوحدات بين 1 و20',
    });
  });
});

describe('the sample course', () => {
  it('is a complete digital marketing course with 6 modules of 4 lessons', () => {
    const sample = courseFormSchema.parse(sampleCourseValues(t));
    expect(sample).toMatchObject({ title: 'Digital Marketing Fundamentals', numberOfModules: 6, lessonsPerModule: 4, color: 'blue' });
    expect(courseFormSchema.parse(sampleCourseValues(arabic)).title).toBe('أساسيات التسويق الرقمي');
  });
});

describe('the counts', () => {
  it('fall back to 6 modules and 4 lessons when they are not numbers', () => {
    const sample = sampleCourseValues(t);
    expect(courseFormSchema.parse({ ...sample, numberOfModules: 'abc', lessonsPerModule: '' })).toMatchObject({
      numberOfModules: 6,
      lessonsPerModule: 4,
    });
    expect(aiGenerateCourseBodySchema.parse({ description: 'Excel for analysts', numberOfModules: 'six', lessonsPerModule: ' ' })).toMatchObject({
      numberOfModules: 6,
      lessonsPerModule: 4,
    });
  });
});

describe('courseLanguageOf', () => {
  it('is Arabic when the text holds Arabic letters, English otherwise', () => {
    expect(courseLanguageOf('أساسيات التسويق', 'Digital')).toBe('ar');
    expect(courseLanguageOf('Digital Marketing', '')).toBe('en');
  });
});
