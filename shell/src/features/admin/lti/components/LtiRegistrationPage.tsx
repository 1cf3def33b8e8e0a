import { toApiError } from '@masar/shell/runtime';
import { Alert, Descriptions, Spin, Table, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetLtiRegistrationQuery } from '../lti-registration.api';

/** A URL the LMS admin copies: left to right whatever the page's direction. */
function CopyableUrl({ url, testId }: { url: string; testId: string }) {
  return (
    <Typography.Text copyable dir="ltr" data-testid={testId}>
      {url}
    </Typography.Text>
  );
}

/** `/admin/lti` (admins): the URLs an LMS administrator pastes to register Masar as an LTI 1.3 tool. */
export function LtiRegistrationPage() {
  const { token } = theme.useToken();
  const { t } = useTranslation('shell');
  const { data, isLoading, error } = useGetLtiRegistrationQuery();
  const apiError = error ? toApiError(error) : null;

  return (
    <div>
      <Typography.Title level={2}>{t('lti.title')}</Typography.Title>
      <Typography.Paragraph>{t('lti.intro')}</Typography.Paragraph>
      {isLoading && <Spin />}
      {apiError && (
        <Alert
          type={apiError.status === 404 ? 'info' : 'error'}
          showIcon
          data-testid="lti-registration-error"
          title={apiError.status === 404 ? t('lti.notConfigured') : apiError.message}
        />
      )}
      {data && (
        <>
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('lti.loginUrl')}>
              <CopyableUrl url={data.loginUrl} testId="lti-login-url" />
            </Descriptions.Item>
            <Descriptions.Item label={t('lti.launchUrl')}>
              <CopyableUrl url={data.launchUrl} testId="lti-launch-url" />
            </Descriptions.Item>
            <Descriptions.Item label={t('lti.jwksUrl')}>
              <CopyableUrl url={data.jwksUrl} testId="lti-jwks-url" />
            </Descriptions.Item>
            <Descriptions.Item label={t('lti.deepLinkingUrl')}>
              <CopyableUrl url={data.deepLinkingUrl} testId="lti-deep-linking-url" />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('lti.courseTargetHint')}
          </Typography.Paragraph>
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('lti.platforms')}</Typography.Title>
          <Table
            rowKey={(platform) => `${platform.issuer} ${platform.clientId}`}
            pagination={false}
            dataSource={data.platforms}
            columns={[
              { title: t('lti.platformName'), dataIndex: 'name', render: (name: string | null) => name ?? '—' },
              { title: t('lti.issuer'), dataIndex: 'issuer', render: (issuer: string) => <span dir="ltr">{issuer}</span> },
              { title: t('lti.clientId'), dataIndex: 'clientId', render: (clientId: string) => <span dir="ltr">{clientId}</span> },
              { title: t('lti.deploymentIds'), dataIndex: 'deploymentIds', render: (ids: string[]) => <span dir="ltr">{ids.join(', ')}</span> },
            ]}
          />
        </>
      )}
    </div>
  );
}
