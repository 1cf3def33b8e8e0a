import type { AiUseStatus } from '@masar/contracts';
import { readableErrorMessage, useLanguage, useMyAiUseQuery } from '@masar/shell/runtime';
import { Alert, Button, Card, Descriptions, Flex, Progress, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

function formatDay(iso: string, language: string): string {
  // Budgets reset at the first instant of a month in UTC: that day, wherever the person is.
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** This month's tokens against the person's budget, with when it starts again. */
export function AiBudgetSummary({ budget }: { budget: AiUseStatus['budget'] }) {
  const { t } = useTranslation('shell');
  const { language } = useLanguage();
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const resets = formatDay(budget.resetsAt, language);
  if (budget.monthlyTokens === null) {
    return <Typography.Text data-testid="ai-use-budget">{t('account.aiUse.noLimit', { used: count(budget.usedTokens), date: resets })}</Typography.Text>;
  }
  if (budget.monthlyTokens === 0) {
    // Not "0 of 0 tokens, resets on…": a budget of 0 stays 0 next month.
    return <Typography.Text data-testid="ai-use-budget">{t('account.aiUse.noBudget')}</Typography.Text>;
  }
  const percent = Math.min(100, Math.round((budget.usedTokens / budget.monthlyTokens) * 100));
  return (
    <Flex vertical>
      <Typography.Text data-testid="ai-use-budget">
        {t('account.aiUse.budget', { used: count(budget.usedTokens), budget: count(budget.monthlyTokens), date: resets })}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        status={budget.usedTokens >= budget.monthlyTokens ? 'exception' : undefined}
        aria-label={t('account.aiUse.budgetBar')}
      />
    </Flex>
  );
}

/** `/account/ai-use`: anyone signed in sees their AI use this month and the AI-use notice they accepted. */
export function AiUsePage() {
  const { t } = useTranslation('shell');
  const { language } = useLanguage();
  const status = useMyAiUseQuery(undefined, { refetchOnMountOrArgChange: true });
  const [showNotice, setShowNotice] = useState(false);

  let body;
  if (status.isLoading) body = <Skeleton active />;
  else if (!status.data) body = <Alert type="error" showIcon title={t('account.aiUse.loadFailed')} description={readableErrorMessage(status.error)} />;
  else {
    const { notice, acceptedVersion, acceptedAt, budget, noticeRequired } = status.data;
    const acceptedCurrent = notice !== null && acceptedVersion === notice.version;
    body = (
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('account.aiUse.thisMonth')}>
          <AiBudgetSummary budget={budget} />
        </Descriptions.Item>
        <Descriptions.Item label={t('account.aiUse.notice')}>
          <Flex vertical gap="small" data-testid="ai-use-notice">
            <Typography.Text>
              {notice === null
                ? t('account.aiUse.noNotice')
                : acceptedVersion !== null && acceptedAt !== null
                  ? t(acceptedCurrent ? 'account.aiUse.accepted' : 'account.aiUse.acceptedOlder', {
                      version: acceptedVersion,
                      date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(acceptedAt)),
                    })
                  : noticeRequired
                    ? t('account.aiUse.notAccepted', { version: notice.version })
                    : t('account.aiUse.notAsked')}
            </Typography.Text>
            {notice && (
              <Button size="small" style={{ alignSelf: 'start' }} onClick={() => setShowNotice((shown) => !shown)} data-testid="ai-use-read-notice">
                {t(showNotice ? 'account.aiUse.hideNotice' : 'account.aiUse.readNotice', { version: notice.version })}
              </Button>
            )}
            {notice && showNotice && (
              <Typography.Paragraph dir={language === 'ar' ? 'rtl' : 'ltr'} style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-use-notice-text">
                {language === 'ar' ? notice.textAr : notice.textEn}
              </Typography.Paragraph>
            )}
          </Flex>
        </Descriptions.Item>
      </Descriptions>
    );
  }

  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 720 }} data-testid="ai-use-page">
        <Typography.Title level={2}>{t('account.aiUse.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('account.aiUse.intro')}</Typography.Paragraph>
        {body}
      </Card>
    </Flex>
  );
}
