import { useCurrentUser } from '@masar/shell/runtime';
import { Col, Divider, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminControls } from './AdminControls';
import { JobRoleSelectorCard } from './JobRoleSelectorCard';
import { UploadJobDescriptionCard } from './UploadJobDescriptionCard';

/** The home page frame: role selector, OR, upload card, and the admins' controls. */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { user, isAdmin } = useCurrentUser();

  return (
    <Flex vertical gap="large" className="masar-page" data-testid="home-page">
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('home.welcome', { firstName: user?.firstName ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.subtitle')}</Typography.Text>
      </div>
      <Row justify="center">
        <Col xs={24} lg={16}>
          <JobRoleSelectorCard />
          <Divider plain>{t('home.or')}</Divider>
          <UploadJobDescriptionCard />
        </Col>
      </Row>
      {isAdmin && (
        <Row justify="center">
          <Col xs={24} lg={16}>
            <AdminControls />
          </Col>
        </Row>
      )}
    </Flex>
  );
}
