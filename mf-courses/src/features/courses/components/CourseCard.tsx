import { ClockCircleOutlined, DeleteOutlined, GlobalOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@masar/contracts';
import { directionOf, useDurationText } from '@masar/shell/runtime';
import { Button, Card, Flex, Tag, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { coursePath, splitSkills } from '../course-presentation';
import { levelTagColor } from '../course-levels';
import { useCourseText } from '../hooks/useCourseText';
import { CourseTile } from './CourseTile';
import { ExternalCourseLink } from './ExternalCourseLink';
import { PublicationTag } from '../../course-publishing/components/PublicationTag';

export interface CourseCardProps {
  course: CourseSummary;
  /** Admins may delete a course (the gateway refuses everyone else). */
  onDelete?: (course: CourseSummary) => void;
  /** Clicking a skill filters the library by it. */
  onSkillSelect?: (skill: string) => void;
  /** Extra content under the skills, e.g. the skills a recommended course covers. */
  footer?: ReactNode;
}

export function CourseCard({ course, onDelete, onSkillSelect, footer }: CourseCardProps) {
  const { token } = theme.useToken();
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const navigate = useNavigate();
  const { textOf, formatName, categoryName } = useCourseText();
  const { title, description, titleLang, descriptionLang } = textOf(course);
  const skills = splitSkills(course.skills ?? []);
  const external = course.kind === 'external';

  return (
    <Card
      hoverable
      cover={<CourseTile course={course} />}
      // A column: the body takes the height the cover leaves, so the department and the external link
      // at its foot stay inside the card (a body of 100% spilled the cover's height under the next row).
      style={{ height: '100%', cursor: 'pointer', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column' } }}
      onClick={() => navigate(coursePath(course.id))}
      data-testid="course-card"
      data-course-id={course.id}
    >
      <Flex vertical gap="small" style={{ flex: 1 }}>
        <Flex justify="space-between" align="start" gap="small">
          <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, margin: 0, direction: directionOf(titleLang) }} lang={titleLang} dir={directionOf(titleLang)}>
            <Link to={coursePath(course.id)} onClick={(event) => event.stopPropagation()}>
              {title}
            </Link>
          </Typography.Title>
          {onDelete && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('card.delete', { title })}
              title={t('card.delete', { title })}
              onClick={(event) => {
                event.stopPropagation();
                onDelete(course);
              }}
              data-testid="delete-course"
            />
          )}
        </Flex>
        <Flex gap={4} wrap>
          {course.level && (
            <Tag color={levelTagColor(course.level)} data-testid="course-level">
              {t(`levels.${course.level}`)}
            </Tag>
          )}
          {external ? (
            <Tag icon={<GlobalOutlined />} color="purple" data-testid="course-kind">
              {t('card.external')}
            </Tag>
          ) : (
            <Tag color="blue" data-testid="course-kind">
              {t('card.internal')}
            </Tag>
          )}
          {course.category && <Tag>{categoryName(course.category)}</Tag>}
          <PublicationTag status={course.status} />
        </Flex>
        <Typography.Text type="secondary">
          <ClockCircleOutlined /> {t('card.duration', { duration: durationText(course.duration) })} · {t('card.format', { format: formatName(course.format) })}
        </Typography.Text>
        {external && course.provider && (
          <Typography.Text data-testid="course-provider">{t('card.provider', { provider: course.provider })}</Typography.Text>
        )}
        <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ margin: 0, direction: directionOf(descriptionLang) }} lang={descriptionLang} dir={directionOf(descriptionLang)}>
          {description}
        </Typography.Paragraph>
        {skills.shown.length > 0 && (
          <Flex gap={4} wrap data-testid="course-skills" aria-label={t('card.skills')}>
            {skills.shown.map((skill) => (
              <Tag
                key={skill}
                style={onSkillSelect ? { cursor: 'pointer' } : undefined}
                onClick={(event) => {
                  if (!onSkillSelect) return;
                  event.stopPropagation();
                  onSkillSelect(skill);
                }}
              >
                {skill}
              </Tag>
            ))}
            {skills.hiddenCount > 0 && <Tag>{t('card.moreSkills', { hidden: skills.hiddenCount })}</Tag>}
          </Flex>
        )}
        {footer}
        <Flex vertical gap="small" style={{ marginTop: 'auto' }}>
          <div>
            <Tag color="geekblue" data-testid="course-department">
              {course.departmentOwner}
            </Tag>
          </div>
          {external && <ExternalCourseLink course={course} block />}
        </Flex>
      </Flex>
    </Card>
  );
}
