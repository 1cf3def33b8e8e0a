import { BookOutlined, CloudUploadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Admins only (spec section 6); the caller decides, and the server refuses learners anyway. */
export function AdminControls({ onUpload }: { onUpload: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Card
      title={
        <Space>
          <SettingOutlined />
          {t('home.adminControls.title')}
        </Space>
      }
      data-testid="admin-controls"
    >
      <Typography.Paragraph type="secondary">{t('home.adminControls.description')}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<CloudUploadOutlined />} onClick={onUpload} data-testid="admin-upload-job-description">
          {t('home.adminControls.upload')}
        </Button>
        <Link to="/courses" data-testid="admin-manage-courses">
          <Button icon={<BookOutlined />}>{t('home.adminControls.manageCourses')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
