import { COURSE_CREATION_STAGE_MESSAGES, COURSE_DOCUMENT_MESSAGES, documentProcessingFailedMessage } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { renderWithMasar } from '@masar/shell/testing';
import { act, screen } from '@testing-library/react';
import { CreationProgress } from './CreationProgress';

function stepStatuses(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.ant-steps-item')].map((item) => {
    const status = [...item.classList].find((name) => /^ant-steps-item-(wait|process|finish|error)$/.test(name));
    return status?.replace('ant-steps-item-', '') ?? '?';
  });
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('CreationProgress', () => {
  it.each([
    ['uploading', 'Uploading', '10%'],
    ['processing', 'Processing', '30%'],
    ['chunking', 'Chunking', '45%'],
    ['analyzing', 'Analyzing', '60%'],
    ['generating', 'Generating', '80%'],
    ['complete', 'Complete', '100%'],
    ['error', 'Error', '0%'],
  ] as const)('shows %s as %s, %s', (stage, label, percent) => {
    renderWithMasar(<CreationProgress stage={stage} message={null} fileNames={[]} />);
    expect(screen.getByTestId('creation-stage').textContent).toBe(label);
    expect(screen.getByTestId('creation-percent').textContent).toBe(percent);
  });

  it('marks the stages done, the current one running, and where an error stopped it', () => {
    const running = renderWithMasar(<CreationProgress stage="chunking" message="Splitting 2 documents" fileNames={['a.pdf', 'b.docx']} />);
    expect(stepStatuses(running.container)).toEqual(['finish', 'finish', 'process', 'wait', 'wait', 'wait']);
    expect(screen.getByTestId('creation-files').textContent).toBe('Files: a.pdf, b.docx');
    running.unmount();

    const { container } = renderWithMasar(
      <CreationProgress stage="error" failedAt="analyzing" message="Document processing failed: x. Creating basic course structure..." fileNames={[]} />,
    );
    expect(stepStatuses(container)).toEqual(['finish', 'finish', 'finish', 'error', 'wait', 'wait']);
    expect(screen.getByTestId('creation-message').textContent).toBe('Document processing failed: x. Creating basic course structure...');
  });

  it('speaks Arabic', async () => {
    await act(() => changeLanguage('ar'));
    renderWithMasar(<CreationProgress stage="generating" message={null} fileNames={['خطة.pdf']} />);
    expect(screen.getByTestId('creation-stage').textContent).toBe('جارٍ الإنشاء');
    expect(screen.getByTestId('creation-files').textContent).toBe('الملفات: خطة.pdf');
  });

  it("gives the task's own words in Arabic: its stage, and why it failed", async () => {
    await act(() => changeLanguage('ar'));
    const running = renderWithMasar(<CreationProgress stage="analyzing" message={COURSE_CREATION_STAGE_MESSAGES.analyzing} fileNames={[]} />);
    expect(screen.getByTestId('creation-message').textContent).toBe('جارٍ تحديد المهارات التي تعلّمها الدورة');
    running.unmount();
    renderWithMasar(
      <CreationProgress
        stage="error"
        failedAt="processing"
        message={documentProcessingFailedMessage(COURSE_DOCUMENT_MESSAGES.passwordProtected('خطة.pdf'))}
        fileNames={['خطة.pdf']}
      />,
    );
    expect(screen.getByTestId('creation-message').textContent).toBe(
      'فشلت معالجة المستندات: «خطة.pdf» محمي بكلمة مرور؛ أزل كلمة المرور وارفعه مرة أخرى. جارٍ إنشاء هيكل أساسي للدورة...',
    );
  });
});
