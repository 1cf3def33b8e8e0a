import { Alert, Button, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableErrorMessage, toApiError } from '../api/api-error';
import { useLanguage } from '../i18n/useLanguage';
import { showToast } from '../toast/toast';
import { bindAiNoticeHost, type AiNoticeRequest } from './ai-notice-requests';
import { useAcceptAiNoticeMutation, useMyAiUseQuery } from './ai-use.api';

/**
 * The one AI-use notice modal of the portal, mounted by the providers. It opens when a learner is
 * about to use AI without having accepted the notice in force, or when the server refused an AI
 * action for that (428), and shows the notice in the page's language.
 */
export function AiNoticeHost() {
  const [request, setRequest] = useState<AiNoticeRequest | null>(null);
  useEffect(() => bindAiNoticeHost(setRequest), []);
  // Nothing renders (nor listens to the language) until a notice is asked for.
  return request === null ? null : <AiNoticeModal request={request} onClosed={() => setRequest(null)} />;
}

function AiNoticeModal({ request, onClosed }: { request: AiNoticeRequest; onClosed: () => void }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const status = useMyAiUseQuery(undefined, { refetchOnMountOrArgChange: true });
  const [accept, acceptance] = useAcceptAiNoticeMutation();
  const notice = status.data?.notice ?? null;

  // Nothing to accept after all (no notice published): whatever asked may go on.
  useEffect(() => {
    if (status.data && !status.isFetching && status.data.notice === null) {
      request.settle(true);
      onClosed();
    }
  }, [request, onClosed, status.data, status.isFetching]);

  const close = (accepted: boolean) => {
    request.settle(accepted);
    onClosed();
  };

  const onAccept = async () => {
    if (!notice) return;
    const result = await accept({ version: notice.version });
    if ('error' in result) {
      // A newer version was published meanwhile (409): show it, to be read and accepted instead.
      if (toApiError(result.error)?.status === 409) void status.refetch();
      return;
    }
    if (request.reason === 'refused') {
      showToast({ kind: 'success', title: t('aiNotice.acceptedTitle'), description: t('aiNotice.acceptedRepeat') });
    }
    close(true);
  };

  const text = notice ? (language === 'ar' ? notice.textAr : notice.textEn) : '';
  return (
    <Modal
      open
      title={t('aiNotice.title')}
      onCancel={() => close(false)}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="dismiss" onClick={() => close(false)} data-testid="ai-notice-dismiss">
          {t('aiNotice.notNow')}
        </Button>,
        <Button
          key="accept"
          type="primary"
          disabled={!notice || status.isFetching}
          loading={acceptance.isLoading}
          onClick={() => void onAccept()}
          data-testid="ai-notice-accept"
        >
          {t('aiNotice.accept')}
        </Button>,
      ]}
      data-testid="ai-notice-modal"
    >
      {status.isError ? (
        <Alert type="error" showIcon title={t('aiNotice.loadFailed')} description={readableErrorMessage(status.error)} />
      ) : !notice ? (
        <Skeleton active />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('aiNotice.intro', { version: notice.version })}</Typography.Paragraph>
          <Typography.Paragraph
            dir={language === 'ar' ? 'rtl' : 'ltr'}
            style={{ whiteSpace: 'pre-wrap', maxHeight: '50vh', overflowY: 'auto' }}
            data-testid="ai-notice-text"
          >
            {text}
          </Typography.Paragraph>
        </>
      )}
      {acceptance.isError && (
        <Alert type="error" showIcon title={t('aiNotice.acceptFailed')} description={readableErrorMessage(acceptance.error)} data-testid="ai-notice-error" />
      )}
    </Modal>
  );
}
