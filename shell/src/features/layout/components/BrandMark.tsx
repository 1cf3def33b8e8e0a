import { CompassOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The portal's name, and the one h1 of every signed-in page: each page's own title is its h2, its
 * sections h3 and below, so the outline starts at the portal (axe: page-has-heading-one, heading-order).
 * The heading keeps the header's text size.
 */
export function BrandMark() {
  const { t } = useTranslation('common');
  return (
    <h1 className="masar-brand-heading">
      <Link to="/" aria-label={t('appName')} data-testid="brand">
        <Space size={8} align="center">
          <CompassOutlined className="masar-brand-icon" />
          <Typography.Text strong className="masar-brand-name">
            {t('appName')}
          </Typography.Text>
        </Space>
      </Link>
    </h1>
  );
}
