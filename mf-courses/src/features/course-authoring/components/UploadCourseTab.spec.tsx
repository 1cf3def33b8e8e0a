import { buildUser, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildFile } from '../creation-task.factory';
import type { CourseCreationRequest } from '../hooks/useCourseCreation';
import { UploadCourseTab } from './UploadCourseTab';

function renderTab() {
  stubGateway({}, buildUser({ role: 'admin' }));
  const onSubmit = jest.fn<void, [CourseCreationRequest]>();
  return { ...renderWithMasar(<UploadCourseTab onSubmit={onSubmit} busy={false} />), onSubmit };
}

const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('upload-course-input'), { target: { files } });

describe('Upload PDF', () => {
  it('lists PDF, DOCX, PPTX, JSON and offers only those', () => {
    renderTab();
    expect(screen.getByTestId('upload-course-form').textContent).toContain('Supported formats: PDF, DOCX, PPTX, JSON (at most 10 MB)');
    expect(screen.getByTestId('upload-course-input').getAttribute('accept')).toBe('.pdf,.docx,.pptx,.json');
    expect(screen.getByTestId('upload-course-input').hasAttribute('multiple')).toBe(false);
  });

  it('asks for a file before sending anything', async () => {
    const { onSubmit } = renderTab();
    fireEvent.click(screen.getByTestId('upload-course-submit'));
    expect((await screen.findByTestId('upload-course-missing')).textContent).toBe('Please select a file to upload');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses other file types with a message naming the accepted ones', async () => {
    renderTab();
    pick(buildFile('notes.txt', 'text/plain'));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('notes.txt: this type of file is not accepted (accepted: .pdf, .docx, .pptx, .json).');
    expect(screen.queryByTestId('chosen-file')).toBeNull();
  });

  it('sends the one chosen file, the last one picked', async () => {
    const { onSubmit } = renderTab();
    pick(buildFile('old.pdf', 'application/pdf'));
    pick(buildFile('course.json', 'application/json', '{"title":"Safety"}'));
    expect(screen.getAllByTestId('chosen-file').map((row) => row.textContent)).toEqual([expect.stringContaining('course.json')]);
    fireEvent.click(screen.getByTestId('upload-course-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const request = onSubmit.mock.calls[0][0];
    expect(request.kind === 'import' && request.file.name).toBe('course.json');
  });
});
