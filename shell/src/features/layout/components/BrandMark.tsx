import { CompassOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function BrandMark() {
  const { t } = useTranslation('common');
  return (
    <Link to="/" aria-label={t('appName')} data-testid="brand">
      <Space size={8} align="center">
        <CompassOutlined className="masar-brand-icon" />
        <Typography.Text strong className="masar-brand-name">
          {t('appName')}
        </Typography.Text>
      </Space>
    </Link>
  );
}
