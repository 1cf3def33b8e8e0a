import { DEFAULT_AI_NOTICE, looksBlank, MAX_AI_NOTICE_CHARACTERS, type AiNotice } from '@masar/contracts';
import { readableErrorMessage, showToast, useLanguage, useMyAiUseQuery } from '@masar/shell/runtime';
import { Alert, Button, Card, Col, Flex, Input, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublishAiNoticeMutation } from '../governance.api';
import { formatDateTime } from '../governance-format';

function textProblem(text: string): string | null {
  if (looksBlank(text)) return 'notice.required';
  if (text.length > MAX_AI_NOTICE_CHARACTERS) return 'notice.tooLong';
  return null;
}

function NoticeForm({ notice }: { notice: AiNotice | null }) {
  const { t } = useTranslation('governance');
  // Until a notice is published, the suggested one is there to start from.
  const [textEn, setTextEn] = useState<string>(notice?.textEn ?? DEFAULT_AI_NOTICE.textEn);
  const [textAr, setTextAr] = useState<string>(notice?.textAr ?? DEFAULT_AI_NOTICE.textAr);
  const [publish, state] = usePublishAiNoticeMutation();
  const problemEn = textProblem(textEn);
  const problemAr = textProblem(textAr);

  const onPublish = async () => {
    const result = await publish({ textEn, textAr });
    if ('error' in result) showToast({ kind: 'error', title: t('notice.publishFailed'), description: readableErrorMessage(result.error) });
    else showToast({ kind: 'success', title: t('notice.published'), description: t('notice.publishedVersion', { version: result.data.version }) });
  };

  const field = (label: string, value: string, onChange: (text: string) => void, problem: string | null, dir: 'ltr' | 'rtl', testId: string) => (
    <label>
      <Typography.Text strong>{label}</Typography.Text>
      <Input.TextArea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        dir={dir}
        lang={dir === 'rtl' ? 'ar' : 'en'}
        autoSize={{ minRows: 8, maxRows: 20 }}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        showCount
        maxLength={MAX_AI_NOTICE_CHARACTERS}
        data-testid={testId}
      />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {t(problem, { max: MAX_AI_NOTICE_CHARACTERS })}
        </Typography.Text>
      )}
    </label>
  );

  return (
    <Card size="small">
      <Flex vertical gap="middle">
        {!notice && <Typography.Text type="secondary">{t('notice.startFromDefault')}</Typography.Text>}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            {field(t('notice.textEn'), textEn, setTextEn, problemEn, 'ltr', 'notice-text-en')}
          </Col>
          <Col xs={24} lg={12}>
            {field(t('notice.textAr'), textAr, setTextAr, problemAr, 'rtl', 'notice-text-ar')}
          </Col>
        </Row>
        <Flex>
          <Popconfirm
            title={t('notice.publishConfirmTitle')}
            description={t('notice.publishConfirm')}
            okText={t('notice.publish')}
            cancelText={t('notice.cancel')}
            onConfirm={() => onPublish()}
            okButtonProps={{ 'data-testid': 'notice-publish-confirm' }}
          >
            <Button type="primary" disabled={Boolean(problemEn || problemAr)} loading={state.isLoading} data-testid="notice-publish">
              {t('notice.publish')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The AI-use notice learners accept: the one in force, and the texts to publish as the next version. */
export function NoticeTab() {
  const { t } = useTranslation('governance');
  const { language } = useLanguage();
  const status = useMyAiUseQuery();
  if (status.isLoading) return <Skeleton active />;
  if (!status.data) return <Alert type="error" showIcon title={t('notice.loadFailed')} description={readableErrorMessage(status.error)} />;
  const { notice } = status.data;
  return (
    <Flex vertical gap="middle" data-testid="governance-notice">
      {notice ? (
        <Alert
          type="success"
          showIcon
          title={t('notice.inForce', { version: notice.version, date: formatDateTime(notice.updatedAt, language) })}
          description={notice.acceptances === undefined ? undefined : t('notice.acceptances', { count: notice.acceptances })}
          data-testid="notice-in-force"
        />
      ) : (
        <Alert type="warning" showIcon title={t('notice.none')} data-testid="notice-none" />
      )}
      {/* A new version published starts the form from it. */}
      <NoticeForm key={notice?.version ?? 0} notice={notice} />
    </Flex>
  );
}
