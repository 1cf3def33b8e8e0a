import { HighlightOutlined } from '@ant-design/icons';
import type { LessonEnhancement } from '@masar/contracts';
import { useLanguage } from '@masar/shell/runtime';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the Content Enhancement agent changed in the lesson, for admins to review; nothing when it never did. */
export function LessonEnhancements({ enhancements }: { enhancements: readonly LessonEnhancement[] }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  if (enhancements.length === 0) return null;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <Card size="small" title={t('lesson.enhancements.title')} data-testid="lesson-enhancements">
      <Flex vertical component="ul" gap={4} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {enhancements.map((enhancement, index) => (
          <li key={index} data-testid="lesson-enhancement">
            <Flex gap="small" align="baseline">
              <HighlightOutlined />
              <Typography.Text>
                {t('lesson.enhancements.by', { date: date.format(new Date(enhancement.at)) })}{' '}
                {/* The agent writes its changes in English. */}
                <span lang="en" dir="auto">
                  {enhancement.changes.join('; ')}
                </span>
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </Flex>
    </Card>
  );
}
