import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface JobDescriptionsEmptyProps {
  isSearching: boolean;
  isAdmin: boolean;
}

export function JobDescriptionsEmpty({ isSearching, isAdmin }: JobDescriptionsEmptyProps) {
  const { t } = useTranslation('jobroles');
  const navigate = useNavigate();
  return (
    <Empty
      data-testid="job-descriptions-empty"
      description={
        <>
          <Typography.Title level={4}>{t('empty.title')}</Typography.Title>
          <Typography.Text type="secondary">{isSearching ? t('empty.searchHint') : t('empty.uploadHint')}</Typography.Text>
        </>
      }
    >
      {isAdmin && !isSearching && (
        // Uploading lives on the home page's Upload card.
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => navigate('/')}>
          {t('empty.upload')}
        </Button>
      )}
    </Empty>
  );
}
