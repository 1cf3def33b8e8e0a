import { FlagOutlined, RiseOutlined, TrophyOutlined } from '@ant-design/icons';
import type { Achievement, AchievementKind } from '@masar/contracts';
import { Card, Empty, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormatting } from '../../../components/useLocaleFormatting';

const ACHIEVEMENT_ICONS: Record<AchievementKind, ReactNode> = {
  'course-completed': <TrophyOutlined />,
  'skill-level-reached': <RiseOutlined />,
  'milestone-met': <FlagOutlined />,
};

/** 'Recent Achievements': what the learner did, worded here in the current language. */
export function RecentAchievementsCard({ achievements }: { achievements: readonly Achievement[] }) {
  const { t } = useTranslation('progress');
  const { token } = theme.useToken();
  const { formatDate, localTitle } = useLocaleFormatting();

  const describe = (achievement: Achievement): string => {
    const title = localTitle(achievement.title ?? '', achievement.titleAr);
    switch (achievement.kind) {
      case 'course-completed':
        return t('progress.achievements.course-completed', { title });
      case 'skill-level-reached':
        return t('progress.achievements.skill-level-reached', {
          skill: achievement.skill ?? '',
          level: achievement.level ? t(`levels.${achievement.level}`) : '',
        });
      case 'milestone-met':
        return t('progress.achievements.milestone-met', { quarter: achievement.quarter ?? '', title });
    }
  };

  return (
    <Card title={t('progress.achievements.title')} data-testid="recent-achievements">
      {achievements.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('progress.achievements.empty')} />
      ) : (
        <Flex vertical gap="middle" component="ul" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {achievements.map((achievement, index) => (
            <li key={`${achievement.occurredAt}:${index}`} data-testid="achievement" data-kind={achievement.kind}>
              <Flex gap="small" align="start">
                <span style={{ color: token.colorWarning, fontSize: 18 }} aria-hidden>
                  {ACHIEVEMENT_ICONS[achievement.kind]}
                </span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text dir="auto" data-testid="achievement-text">
                    {describe(achievement)}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatDate(achievement.occurredAt)}</Typography.Text>
                </Flex>
              </Flex>
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}
