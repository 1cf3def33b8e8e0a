import { findLocaleProblems } from '@masar/shell/testing';
import ar from './ar/jobroles.json';
import en from './en/jobroles.json';

describe('jobroles locale files', () => {
  it('give every string in English and in real Arabic, with the same keys', () => {
    expect(findLocaleProblems(en, ar)).toEqual([]);
  });

  it('carry the spec texts of sections 2, 4, 5, 8 and 9 word for word in English', () => {
    expect(en.empty).toMatchObject({
      title: 'No job descriptions found',
      searchHint: 'Try adjusting your search terms',
      uploadHint: 'Get started by uploading a job description',
    });
    expect(en.card.viewSkills).toBe('View Skills & Generate Path');
    expect(en.card.viewCourses).toBe('View Recommended Courses');
    expect(en.page.addJobDescription).toBe('Add Job Description');
    expect(en.upload.title).toBe('Upload Job Description');
    expect(en.upload.tabs).toEqual({ file: 'File Upload', text: 'Text Input' });
    expect(en.upload.processing).toBe('Processing...');
    expect(en.upload.defaultTextTitle).toBe('Job Description');
    expect(en.review.title).toBe('Review Extracted Skills');
    expect(en.review.generatingPath).toBe('Generating Path...');
    expect(en.workflow.or).toBe('OR');
    expect(en.workflow.overview.title).toBe('Skills Overview');
    expect(en.workflow.overview.startOver).toBe('Start Over');
    expect(en.toasts.noFileSelected).toEqual({ title: 'No File Selected', description: 'Please select a file to upload' });
    expect(en.toasts.invalidFileType).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a PDF, Word document, or text file',
    });
    expect(en.toasts.noContent).toEqual({ title: 'No Content', description: 'Please enter job description content' });
    expect(en.toasts.uploadFailed).toEqual({ title: 'Upload Failed', fallback: 'Upload failed' });
    expect(en.toasts.processingFailed.title).toBe('Processing Failed');
    expect(en.toasts.uploadSucceeded.description).toBe('Job description uploaded and analyzed successfully');
    expect(en.toasts.textSucceeded.description).toBe('Job description processed and analyzed successfully');
    expect(en.toasts.invalidSkill).toEqual({ title: 'Invalid Skill', description: 'Please enter a skill name' });
    expect(en.toasts.noSkillsSelected).toEqual({
      title: 'No Skills Selected',
      description: 'Please approve at least one skill to continue',
    });
    expect(en.toasts.noJobRole).toEqual({ title: 'No Job Role Selected', description: 'Please select a job role first.' });
    expect(en.toasts.generated).toEqual({ title: 'Job Description Generated', description: 'Generated skills for {{role}} role' });
    expect(en.toasts.generateFailed).toEqual({
      title: 'Error',
      description: 'Failed to generate job description. Please try again.',
    });
    expect(Object.values(en.categories)).toEqual(['Technical', 'Functional', 'Behavioral', 'Compliance']);
    expect(Object.values(en.roles)).toEqual([
      'Software Engineer',
      'Data Scientist',
      'Product Manager',
      'UX/UI Designer',
      'DevOps Engineer',
      'Marketing Manager',
      'Sales Representative',
      'HR Business Partner',
      'Financial Analyst',
      'Project Manager',
      'Business Analyst',
      'Quality Assurance Engineer',
      'Customer Success Manager',
      'Digital Marketing Specialist',
      'Operations Manager',
    ]);
  });
});
