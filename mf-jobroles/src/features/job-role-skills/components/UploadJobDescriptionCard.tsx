import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The home page's way into the Upload Job Description modal. */
export function UploadJobDescriptionCard({ disabled, onUpload }: { disabled: boolean; onUpload: () => void }) {
  const { t } = useTranslation('jobroles');
  return (
    <Card title={t('workflow.uploadCard.title')} data-testid="upload-job-description-card">
      <Typography.Paragraph type="secondary">{t('workflow.uploadCard.description')}</Typography.Paragraph>
      <Button icon={<CloudUploadOutlined />} onClick={onUpload} disabled={disabled} data-testid="open-upload-modal">
        {t('workflow.uploadCard.button')}
      </Button>
    </Card>
  );
}
