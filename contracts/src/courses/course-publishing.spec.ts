import { courseDetailSchema, listCoursesQuerySchema } from './courses';
import { coursePublicationSchema, publicationProblemMessage, publishRefusedMessage } from './course-publishing';

describe('drafts and publishing contracts', () => {
  it('says how many things still need work, in the singular and the plural', () => {
    expect(publishRefusedMessage(1)).toBe('This course cannot be published yet: 1 thing still needs work');
    expect(publishRefusedMessage(3)).toBe('This course cannot be published yet: 3 things still need work');
  });

  it('names the module or lesson in a problem’s message', () => {
    expect(publicationProblemMessage('empty-module', 'Later')).toBe('The module "Later" has no lessons');
    expect(publicationProblemMessage('blank-lesson', 'Intro')).toBe('The lesson "Intro" has no text');
  });

  it('accepts a publication with problems and refuses an unknown status or kind', () => {
    const publication = {
      status: 'draft',
      publishedAt: null,
      problems: [{ kind: 'no-modules', message: 'The course has no modules' }],
    };
    expect(coursePublicationSchema.parse(publication)).toEqual(publication);
    expect(coursePublicationSchema.safeParse({ ...publication, status: 'archived' }).success).toBe(false);
    expect(coursePublicationSchema.safeParse({ ...publication, problems: [{ kind: 'typo', message: 'x' }] }).success).toBe(false);
    // Course details from before drafts (no publication) still validate.
    expect(courseDetailSchema.shape.publication.safeParse(undefined).success).toBe(true);
  });

  it('filters the list by status with a message a person understands', () => {
    expect(listCoursesQuerySchema.parse({ status: 'draft' }).status).toBe('draft');
    const refused = listCoursesQuerySchema.safeParse({ status: 'hidden' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('Status must be draft or published');
  });
});
