import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The upload entry of the home page; the upload itself opens with the job descriptions release. */
export function UploadJobDescriptionCard() {
  const { t } = useTranslation('shell');
  return (
    <Card title={t('home.uploadCard.title')} data-testid="upload-job-description-card">
      <Typography.Paragraph type="secondary">{t('home.uploadCard.description')}</Typography.Paragraph>
      <Tooltip title={t('home.uploadCard.notYet')}>
        <Button icon={<CloudUploadOutlined />} disabled>
          {t('home.uploadCard.button')}
        </Button>
      </Tooltip>
    </Card>
  );
}
