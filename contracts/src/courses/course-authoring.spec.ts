import {
  addModulesBodySchema,
  aiGenerateCourseBodySchema,
  courseFormSchema,
  deriveAbbreviation,
  deriveCourseTitle,
  describeValidationError,
  documentProcessingFailedMessage,
  startCourseCreationRequestSchema,
} from '../index';

const completeForm = {
  title: 'Digital Marketing Fundamentals',
  description: 'Plan and measure campaigns.',
  duration: '6 weeks',
  format: 'Online',
  departmentOwner: 'Marketing',
  color: 'blue',
  abbreviation: 'DMF',
};

describe('the manual course form (spec 001 section 5)', () => {
  it.each([
    ['title', 'Title is required'],
    ['description', 'Description is required'],
    ['duration', 'Duration is required'],
    ['format', 'Format is required'],
    ['departmentOwner', 'Department is required'],
    ['color', 'Color is required'],
    ['abbreviation', 'Abbreviation is required'],
  ])('says "%s" is required in the spec’s words, for absent and blank values', (field, message) => {
    for (const value of [undefined, '', '   ']) {
      const parsed = courseFormSchema.safeParse({ ...completeForm, [field]: value });
      expect(parsed.success).toBe(false);
      expect(describeValidationError(parsed.error!)).toBe(`${field}: ${message}`);
    }
  });

  it('defaults to 6 modules of 4 lessons, and falls back to them for non-numeric entries', () => {
    expect(courseFormSchema.parse(completeForm)).toMatchObject({ numberOfModules: 6, lessonsPerModule: 4 });
    expect(courseFormSchema.parse({ ...completeForm, numberOfModules: 'many', lessonsPerModule: '' })).toMatchObject({
      numberOfModules: 6,
      lessonsPerModule: 4,
    });
    expect(courseFormSchema.parse({ ...completeForm, numberOfModules: '3', lessonsPerModule: 10 })).toMatchObject({
      numberOfModules: 3,
      lessonsPerModule: 10,
    });
  });

  it('keeps counts within 1 to 20 modules and 1 to 10 lessons', () => {
    const modules = courseFormSchema.safeParse({ ...completeForm, numberOfModules: 21 });
    expect(describeValidationError(modules.error!)).toBe('numberOfModules: Number of modules must be between 1 and 20');
    const lessons = courseFormSchema.safeParse({ ...completeForm, lessonsPerModule: 0 });
    expect(describeValidationError(lessons.error!)).toBe('lessonsPerModule: Lessons per module must be between 1 and 10');
  });

  it('refuses a color outside the palette and drops an empty objective', () => {
    expect(courseFormSchema.safeParse({ ...completeForm, color: 'teal' }).success).toBe(false);
    expect(courseFormSchema.parse({ ...completeForm, objective: '  ' }).objective).toBeUndefined();
  });
});

describe('AI Generate (spec 001 sections 5 and 9)', () => {
  it('derives the title from a create-a-course phrase, else the first four words, else "AI Generated Course"', () => {
    expect(deriveCourseTitle('Create a course on data storytelling for managers. Keep it short.')).toBe('Data Storytelling for Managers');
    expect(deriveCourseTitle('Build an introductory course about Kubernetes networking')).toBe('Kubernetes Networking');
    expect(deriveCourseTitle('Negotiation skills for new account managers')).toBe('Negotiation skills for new');
    expect(deriveCourseTitle('   ')).toBe('AI Generated Course');
  });

  it('makes the abbreviation from the initials of up to three words longer than two letters', () => {
    expect(deriveAbbreviation('Data Storytelling for Managers')).toBe('DSF');
    expect(deriveAbbreviation('An AI of ML')).toBe('AI');
    expect(deriveAbbreviation('Kubernetes Networking')).toBe('KN');
  });

  it('completes a description-only request with the spec’s defaults', () => {
    const form = aiGenerateCourseBodySchema.parse({ description: 'Create a course on budgeting basics' });
    expect(form).toMatchObject({
      title: 'Budgeting Basics',
      duration: '10-12 weeks',
      format: 'Online',
      departmentOwner: 'AI Generated',
      color: 'purple',
      abbreviation: 'BB',
      numberOfModules: 6,
      lessonsPerModule: 4,
    });
    expect(form.objective).toContain('Budgeting Basics');
    expect(courseFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires a description that is not blank', () => {
    const parsed = aiGenerateCourseBodySchema.safeParse({ description: '  ' });
    expect(describeValidationError(parsed.error!)).toBe('description: Description is required');
  });
});

describe('adding modules and creation tasks', () => {
  it('adds 2 modules of 2 lessons unless told otherwise', () => {
    expect(addModulesBodySchema.parse({})).toEqual({ numberOfModules: 2, lessonsPerModule: 2 });
  });

  it('needs the form for every kind but import, and at least one file', () => {
    const file = { objectName: '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f', fileName: 'a.pdf', declaredMediaType: 'application/pdf', size: 1 };
    const createdBy = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
    expect(startCourseCreationRequestSchema.safeParse({ kind: 'import', files: [file], createdBy }).success).toBe(true);
    const withoutForm = startCourseCreationRequestSchema.safeParse({ kind: 'create-with-files', files: [file], createdBy });
    expect(describeValidationError(withoutForm.error!)).toBe('courseData: courseData is required');
    const withoutFiles = startCourseCreationRequestSchema.safeParse({ kind: 'import', files: [], createdBy });
    expect(describeValidationError(withoutFiles.error!)).toBe('files: Please select a file to upload');
  });

  it('words a processing failure as the spec does', () => {
    expect(documentProcessingFailedMessage('"a.pdf" has no readable text')).toBe(
      'Document processing failed: "a.pdf" has no readable text. Creating basic course structure...',
    );
  });
});
