import { aiBudgetExceededMessage, JOB_DOCUMENT_MESSAGES } from '@masar/contracts';
import { changeLanguage } from '@masar/shell/runtime';
import { jsonResponse, renderWithMasar, stubGateway } from '@masar/shell/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { buildJobDescription } from '../job-description.factory';
import { MAX_UPLOAD_BYTES } from '../upload-rules';
import { UploadJobDescriptionModal } from './UploadJobDescriptionModal';

function renderModal() {
  const onClose = jest.fn();
  const onUploaded = jest.fn();
  const view = renderWithMasar(<UploadJobDescriptionModal open onClose={onClose} onUploaded={onUploaded} />);
  return { ...view, onClose, onUploaded };
}

/**
 * The test environment's FormData is Node's (like the browser's, it takes only its own
 * Blobs), so files are Node's too.
 */
function realFile(content: string, name: string, type: string): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

function fileOf(name: string, type: string, size: number): File {
  const file = realFile('x'.repeat(Math.min(size, 64)), name, type);
  // Large files are only described: jsdom reads the size from the property.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(file: File) {
  fireEvent.change(screen.getByTestId('job-description-file-input'), { target: { files: [file] } });
}

function drop(file: File) {
  fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [file] } });
}

async function expectToast(title: string, description: string) {
  expect(await screen.findByText(title)).toBeTruthy();
  expect(screen.getByText(description)).toBeTruthy();
}

describe('UploadJobDescriptionModal: File Upload', () => {
  it("asks for a file first: 'No File Selected'", async () => {
    const gateway = stubGateway({});
    renderModal();
    expect(screen.getByText('File Upload')).toBeTruthy();
    expect(screen.getByText('Text Input')).toBeTruthy();
    expect(screen.getByTestId('job-description-file-input').getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt');
    fireEvent.click(screen.getByTestId('upload-file-submit'));
    await expectToast('No File Selected', 'Please select a file to upload');
    expect(gateway.callsTo('POST', /upload/)).toHaveLength(0);
  });

  it("refuses a dropped image: 'Invalid File Type'", async () => {
    stubGateway({});
    renderModal();
    drop(fileOf('photo.png', 'image/png', 2048));
    await expectToast('Invalid File Type', 'Please upload a PDF, Word document, or text file');
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('refuses a file above 10 MB before sending it', async () => {
    stubGateway({});
    renderModal();
    pick(fileOf('huge.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1024 * 1024));
    await expectToast('File Too Large', 'This file is 11.00 MB. Please upload a file of at most 10 MB.');
    expect(screen.queryByTestId('selected-file')).toBeNull();
  });

  it('shows a dropped file with its size in MB and takes the title from its name', async () => {
    stubGateway({});
    renderModal();
    drop(fileOf('Senior Data Analyst.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1.5 * 1024 * 1024));
    expect(screen.getByTestId('selected-file-name').textContent).toBe('Senior Data Analyst.docx');
    expect(screen.getByTestId('selected-file-size').textContent).toBe('1.50 MB');
    expect((screen.getByTestId('upload-file-title') as HTMLInputElement).value).toBe('Senior Data Analyst');
  });

  it('uploads file and title as multipart, reads Processing..., then closes, resets and passes the posting on', async () => {
    const stored = buildJobDescription({ title: 'Analyst role' });
    let answer: (response: Response) => void = () => undefined;
    const gateway = stubGateway({
      'POST /api/job-descriptions/upload': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { onClose, onUploaded } = renderModal();
    pick(realFile('We need SQL.', 'analyst.txt', 'text/plain'));
    fireEvent.change(screen.getByTestId('upload-file-title'), { target: { value: 'Analyst role' } });
    fireEvent.click(screen.getByTestId('upload-file-submit'));

    await waitFor(() => expect(screen.getByTestId('upload-file-submit').textContent).toContain('Processing...'));
    await waitFor(() => expect(gateway.callsTo('POST', /upload$/)).toHaveLength(1));
    const form = gateway.callsTo('POST', /upload$/)[0].form;
    expect(form?.get('title')).toBe('Analyst role');
    const sent = form?.get('file') as File;
    expect(sent.name).toBe('analyst.txt');
    expect(await sent.text()).toBe('We need SQL.');

    answer(jsonResponse({ jobDescription: stored }));
    await expectToast('Success', 'Job description uploaded and analyzed successfully');
    expect(onClose).toHaveBeenCalled();
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(screen.queryByTestId('selected-file')).toBeNull();
    expect((screen.getByTestId('upload-file-title') as HTMLInputElement).value).toBe('');
  });

  it('sends the file name when the title is emptied', async () => {
    const gateway = stubGateway({
      'POST /api/job-descriptions/upload': () => jsonResponse({ jobDescription: buildJobDescription({ title: 'analyst.txt' }) }),
    });
    const { onUploaded } = renderModal();
    pick(realFile('We need SQL.', 'analyst.txt', 'text/plain'));
    fireEvent.change(screen.getByTestId('upload-file-title'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('upload-file-submit'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(gateway.callsTo('POST', /upload$/)[0].form?.get('title')).toBe('analyst.txt');
  });

  it("shows 'Upload Failed' with the server's text", async () => {
    stubGateway({
      'POST /api/job-descriptions/upload': () =>
        jsonResponse({ statusCode: 422, message: 'This PDF has no text layer: it looks like a scan.' }, 422),
    });
    const { onUploaded } = renderModal();
    pick(realFile('%PDF-1.4', 'scan.pdf', 'application/pdf'));
    fireEvent.click(screen.getByTestId('upload-file-submit'));
    await expectToast('Upload Failed', 'This PDF has no text layer: it looks like a scan.');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByTestId('selected-file-name').textContent).toBe('scan.pdf');
  });

  it('says in Arabic why a file was refused, keeping its extension', async () => {
    stubGateway({
      'POST /api/job-descriptions/upload': () =>
        jsonResponse({ statusCode: 400, message: JOB_DOCUMENT_MESSAGES.contentMismatch('is named .pdf but holds an image') }, 400),
    });
    await act(() => changeLanguage('ar'));
    try {
      renderModal();
      pick(realFile('%PDF-1.4', 'role.pdf', 'application/pdf'));
      fireEvent.click(screen.getByTestId('upload-file-submit'));
      await expectToast('فشل الرفع', 'اسم هذا الملف ينتهي بـ .pdf لكنه يحوي صورةً؛ يرجى رفع ملف PDF أو مستند Word أو ملف نصي');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it("shows 'Upload failed' when the server gives no text", async () => {
    stubGateway({ 'POST /api/job-descriptions/upload': () => new Response('', { status: 502 }) });
    renderModal();
    pick(realFile('%PDF-1.4', 'role.pdf', 'application/pdf'));
    fireEvent.click(screen.getByTestId('upload-file-submit'));
    await expectToast('Upload Failed', 'Upload failed');
  });
});

describe('UploadJobDescriptionModal: Text Input', () => {
  it("titles pasted text 'Job Description' and refuses blank content: 'No Content'", async () => {
    const gateway = stubGateway({});
    renderModal();
    fireEvent.click(screen.getByText('Text Input'));
    expect((await screen.findByTestId('upload-text-title') as HTMLInputElement).value).toBe('Job Description');
    fireEvent.change(screen.getByTestId('upload-text-content'), { target: { value: '   \n  ' } });
    fireEvent.click(screen.getByTestId('upload-text-submit'));
    await expectToast('No Content', 'Please enter job description content');
    expect(gateway.callsTo('POST', /text$/)).toHaveLength(0);
  });

  it('sends title and content as JSON and passes the analysed posting on', async () => {
    const stored = buildJobDescription({ title: 'Job Description' });
    const gateway = stubGateway({ 'POST /api/job-descriptions/text': () => jsonResponse({ jobDescription: stored }) });
    const { onUploaded, onClose } = renderModal();
    fireEvent.click(screen.getByText('Text Input'));
    fireEvent.change(await screen.findByTestId('upload-text-content'), { target: { value: 'We need SQL and Python.' } });
    fireEvent.click(screen.getByTestId('upload-text-submit'));
    await expectToast('Success', 'Job description processed and analyzed successfully');
    expect(gateway.callsTo('POST', /text$/)[0].json).toEqual({ title: 'Job Description', content: 'We need SQL and Python.' });
    expect(onUploaded).toHaveBeenCalledWith(stored);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Processing Failed' with the server's message", async () => {
    stubGateway({
      'POST /api/job-descriptions/text': () => jsonResponse({ statusCode: 503, message: 'The skill extractor is not reachable' }, 503),
    });
    renderModal();
    fireEvent.click(screen.getByText('Text Input'));
    fireEvent.change(await screen.findByTestId('upload-text-content'), { target: { value: 'We need SQL.' } });
    fireEvent.click(screen.getByTestId('upload-text-submit'));
    await expectToast('Processing Failed', 'The skill extractor is not reachable');
  });

  it('gives an AI budget refusal in Arabic to an Arabic reader, with the figures written for them', async () => {
    stubGateway({
      'POST /api/job-descriptions/text': () =>
        jsonResponse({ statusCode: 429, message: aiBudgetExceededMessage(1000, new Date('2026-12-01T00:00:00Z')) }, 429),
    });
    await act(() => changeLanguage('ar'));
    try {
      renderModal();
      fireEvent.click(screen.getByText('إدخال نص'));
      fireEvent.change(await screen.findByTestId('upload-text-content'), { target: { value: 'نحتاج إلى SQL.' } });
      fireEvent.click(screen.getByTestId('upload-text-submit'));
      const tokens = new Intl.NumberFormat('ar').format(1000);
      const day = new Intl.DateTimeFormat('ar', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2026-12-01T00:00:00Z'));
      await expectToast('فشلت المعالجة', `استنفدت ميزانيتك الشهرية للذكاء الاصطناعي البالغة ${tokens} رمز. تتجدد في ${day}.`);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
