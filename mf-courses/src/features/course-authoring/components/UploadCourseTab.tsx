import { CloudUploadOutlined } from '@ant-design/icons';
import { COURSE_IMPORT_EXTENSIONS } from '@masar/contracts';
import { Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateTabProps } from '../hooks/useCourseCreation';
import { MAX_MATERIAL_MEGABYTES } from '../material-rules';
import { MaterialsPicker } from './MaterialsPicker';

/** "Upload PDF" (spec 001 section 5): one PDF, DOCX, PPTX or JSON file becomes a course on its own. */
export function UploadCourseTab({ onSubmit, busy }: CreateTabProps) {
  const { t } = useTranslation('courses');
  const [files, setFiles] = useState<File[]>([]);
  const [showMissing, setShowMissing] = useState(false);

  const submit = () => {
    const [file] = files;
    if (!file) {
      setShowMissing(true);
      return;
    }
    onSubmit({ kind: 'import', file });
  };

  return (
    <Form layout="vertical" onFinish={submit} disabled={busy} data-testid="upload-course-form">
      <Typography.Paragraph type="secondary">{t('authoring.upload.intro')}</Typography.Paragraph>
      <Form.Item
        label={t('authoring.upload.label')}
        required
        validateStatus={showMissing && files.length === 0 ? 'error' : undefined}
        help={showMissing && files.length === 0 ? <span data-testid="upload-course-missing">{t('authoring.upload.required')}</span> : undefined}
      >
        <MaterialsPicker
          files={files}
          onChange={setFiles}
          accept={COURSE_IMPORT_EXTENSIONS}
          maxFiles={1}
          disabled={busy}
          hint={t('authoring.upload.help', { maxMb: MAX_MATERIAL_MEGABYTES })}
          inputLabel={t('authoring.upload.inputLabel')}
          testId="upload-course-input"
        />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" icon={<CloudUploadOutlined />} loading={busy} data-testid="upload-course-submit">
          {t('authoring.upload.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
