import { CloudUploadOutlined } from '@ant-design/icons';
import { Button, Empty, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface JobDescriptionsEmptyProps {
  isSearching: boolean;
  isAdmin: boolean;
  onUpload: () => void;
}

export function JobDescriptionsEmpty({ isSearching, isAdmin, onUpload }: JobDescriptionsEmptyProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('jobroles');
  return (
    <Empty
      data-testid="job-descriptions-empty"
      description={
        <>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('empty.title')}</Typography.Title>
          <Typography.Text type="secondary">{isSearching ? t('empty.searchHint') : t('empty.uploadHint')}</Typography.Text>
        </>
      }
    >
      {isAdmin && (
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={onUpload} data-testid="empty-upload-job-description">
          {t('empty.upload')}
        </Button>
      )}
    </Empty>
  );
}
