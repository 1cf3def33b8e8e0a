import { CloudUploadOutlined, DeleteOutlined, FileTextOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { JOB_CONTENT_MAX_LENGTH, JOB_TITLE_MAX_LENGTH, type JobDescription } from '@masar/contracts';
import { showToast, toApiError, useAiNotice, useLanguage } from '@masar/shell/runtime';
import { Button, Card, Flex, Form, Input, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateJobDescriptionFromTextMutation, useUploadJobDescriptionFileMutation } from '../job-descriptions.api';
import { uploadRefusalText } from '../upload-refusals';
import { MAX_UPLOAD_MEGABYTES, findFileProblem, sizeInMegabytes, titleFromFileName } from '../upload-rules';
import { FileDropZone } from './FileDropZone';

export interface UploadJobDescriptionModalProps {
  open: boolean;
  onClose: () => void;
  /** The stored, analysed posting: the caller opens the review with it. */
  onUploaded: (jobDescription: JobDescription) => void;
}

type UploadTab = 'file' | 'text';

/** 'Upload Job Description' with its File Upload and Text Input tabs (spec sections 2, 4, 5 and 8). */
export function UploadJobDescriptionModal({ open, onClose, onUploaded }: UploadJobDescriptionModalProps) {
  const { t } = useTranslation('jobroles');
  const { language } = useLanguage();
  const [tab, setTab] = useState<UploadTab>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileTitle, setFileTitle] = useState('');
  const [textTitle, setTextTitle] = useState(() => t('upload.defaultTextTitle'));
  const [content, setContent] = useState('');
  const [uploadFile, fileUpload] = useUploadJobDescriptionFileMutation();
  const [createFromText, textUpload] = useCreateJobDescriptionFromTextMutation();
  const { ensureAccepted } = useAiNotice();
  const pending = fileUpload.isLoading || textUpload.isLoading;

  const resetForm = () => {
    setTab('file');
    setFile(null);
    setFileTitle('');
    setTextTitle(t('upload.defaultTextTitle'));
    setContent('');
  };

  const finish = (jobDescription: JobDescription) => {
    resetForm();
    onClose();
    onUploaded(jobDescription);
  };

  const chooseFile = (candidate: File) => {
    const problem = findFileProblem(candidate);
    if (problem === 'invalid-type') {
      showToast({ kind: 'error', title: t('toasts.invalidFileType.title'), description: t('toasts.invalidFileType.description') });
    } else if (problem === 'too-large') {
      showToast({
        kind: 'error',
        title: t('toasts.fileTooLarge.title'),
        description: t('toasts.fileTooLarge.description', { maxMb: MAX_UPLOAD_MEGABYTES, size: sizeInMegabytes(candidate.size, language) }),
      });
    } else if (problem === 'empty') {
      showToast({ kind: 'error', title: t('toasts.emptyFile.title'), description: t('toasts.emptyFile.description') });
    } else {
      setFile(candidate);
      setFileTitle(titleFromFileName(candidate.name));
    }
  };

  const submitFile = async () => {
    if (!file) {
      showToast({ kind: 'warning', title: t('toasts.noFileSelected.title'), description: t('toasts.noFileSelected.description') });
      return;
    }
    // The posting is analysed by AI as it is stored: a learner accepts the AI-use notice first.
    if (!(await ensureAccepted())) return;
    try {
      // Spec section 5: an empty title sends the file name.
      const reply = await uploadFile({ file, title: fileTitle.trim() || file.name }).unwrap();
      showToast({ kind: 'success', title: t('toasts.uploadSucceeded.title'), description: t('toasts.uploadSucceeded.description') });
      finish(reply.jobDescription);
    } catch (error) {
      const failure = toApiError(error);
      showToast({
        kind: 'error',
        title: t('toasts.uploadFailed.title'),
        description: failure?.serverMessage ? uploadRefusalText(failure.serverMessage, t, language) : t('toasts.uploadFailed.fallback'),
      });
    }
  };

  const submitText = async () => {
    if (content.trim().length === 0) {
      showToast({ kind: 'warning', title: t('toasts.noContent.title'), description: t('toasts.noContent.description') });
      return;
    }
    if (!(await ensureAccepted())) return;
    try {
      const reply = await createFromText({ title: textTitle.trim(), content }).unwrap();
      showToast({ kind: 'success', title: t('toasts.textSucceeded.title'), description: t('toasts.textSucceeded.description') });
      finish(reply.jobDescription);
    } catch (error) {
      const failure = toApiError(error);
      showToast({
        kind: 'error',
        title: t('toasts.processingFailed.title'),
        description: failure?.serverMessage ? uploadRefusalText(failure.serverMessage, t, language) : (failure?.message ?? t('toasts.processingFailed.fallback')),
      });
    }
  };

  const fileTab = (
    <Form layout="vertical" onFinish={() => void submitFile()} data-testid="upload-file-form">
      {file ? (
        <Card size="small" data-testid="selected-file" style={{ marginBottom: 16 }}>
          <Flex align="center" gap="small">
            <FileTextOutlined style={{ fontSize: 24 }} />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis data-testid="selected-file-name">
                {file.name}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="selected-file-size">
                {t('upload.fileSize', { size: sizeInMegabytes(file.size, language) })}
              </Typography.Text>
            </Flex>
            <Button
              type="text"
              icon={<DeleteOutlined />}
              disabled={pending}
              onClick={() => {
                setFile(null);
                setFileTitle('');
              }}
              aria-label={t('upload.removeFile')}
              title={t('upload.removeFile')}
            />
          </Flex>
        </Card>
      ) : (
        <div style={{ marginBottom: 16 }}>
          <FileDropZone disabled={pending} onFile={chooseFile} />
        </div>
      )}
      <Form.Item label={t('upload.titleLabel')} htmlFor="upload-file-title">
        <Input
          id="upload-file-title"
          value={fileTitle}
          maxLength={JOB_TITLE_MAX_LENGTH}
          placeholder={t('upload.fileTitlePlaceholder')}
          onChange={(event) => setFileTitle(event.target.value)}
          disabled={pending}
          data-testid="upload-file-title"
        />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" icon={<CloudUploadOutlined />} loading={pending} data-testid="upload-file-submit">
          {pending ? t('upload.processing') : t('upload.submitFile')}
        </Button>
      </Flex>
    </Form>
  );

  const textTab = (
    <Form layout="vertical" onFinish={() => void submitText()} data-testid="upload-text-form">
      <Form.Item label={t('upload.titleLabel')} htmlFor="upload-text-title">
        <Input
          id="upload-text-title"
          value={textTitle}
          maxLength={JOB_TITLE_MAX_LENGTH}
          onChange={(event) => setTextTitle(event.target.value)}
          disabled={pending}
          data-testid="upload-text-title"
        />
      </Form.Item>
      <Form.Item label={t('upload.contentLabel')} htmlFor="upload-text-content">
        <Input.TextArea
          id="upload-text-content"
          value={content}
          rows={10}
          maxLength={JOB_CONTENT_MAX_LENGTH}
          placeholder={t('upload.contentPlaceholder')}
          onChange={(event) => setContent(event.target.value)}
          disabled={pending}
          // Pasted postings may be Arabic: the browser picks the direction from the text.
          dir="auto"
          data-testid="upload-text-content"
        />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" icon={<ThunderboltOutlined />} loading={pending} data-testid="upload-text-submit">
          {pending ? t('upload.processing') : t('upload.submitText')}
        </Button>
      </Flex>
    </Form>
  );

  return (
    <Modal open={open} title={t('upload.title')} onCancel={onClose} footer={null} width={640} mask={{ closable: !pending }}>
      <div data-testid="upload-job-description-modal">
        <Typography.Paragraph type="secondary">{t('upload.description')}</Typography.Paragraph>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as UploadTab)}
          items={[
            { key: 'file', label: t('upload.tabs.file'), children: fileTab },
            { key: 'text', label: t('upload.tabs.text'), children: textTab },
          ]}
        />
      </div>
    </Modal>
  );
}
