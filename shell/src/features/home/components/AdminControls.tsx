import { BookOutlined, CloudUploadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Admins only (spec section 6); the caller decides, and the server refuses learners anyway. */
export function AdminControls() {
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
        <Tooltip title={t('home.uploadCard.notYet')}>
          <Button icon={<CloudUploadOutlined />} disabled>
            {t('home.adminControls.upload')}
          </Button>
        </Tooltip>
        <Link to="/courses" data-testid="admin-manage-courses">
          <Button icon={<BookOutlined />}>{t('home.adminControls.manageCourses')}</Button>
        </Link>
      </Space>
    </Card>
  );
}
