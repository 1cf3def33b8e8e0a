import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import type { CategoryCourse } from '@masar/contracts';
import { useDurationText } from '@masar/shell/runtime';
import { Card, Flex, Tag, theme, Typography } from 'antd';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { levelTagColor } from '../../courses/course-levels';

export interface CategoryCourseCardProps {
  course: CategoryCourse;
  selected: boolean;
  /** Three courses are picked already and this is not one of them. */
  disabled: boolean;
  onToggle: (course: CategoryCourse) => void;
}

/** The text of a card is cut after three lines; the whole of it stays in the accessible description. */
const CLAMPED_DESCRIPTION = { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', margin: 0 } as const;

/**
 * A catalog course in the Ready AI dialog (spec 001 section 2): level, title, description and
 * duration. The card is a checkbox: a click, Space or Enter picks it or puts it back.
 */
export function CategoryCourseCard({ course, selected, disabled, onToggle }: CategoryCourseCardProps) {
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const { token } = theme.useToken();
  const descriptionId = useId();

  const toggle = () => {
    if (!disabled) onToggle(course);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    toggle();
  };

  return (
    <Card
      size="small"
      role="checkbox"
      aria-checked={selected}
      aria-disabled={disabled}
      aria-label={course.title}
      aria-describedby={descriptionId}
      tabIndex={disabled ? -1 : 0}
      onClick={toggle}
      onKeyDown={onKeyDown}
      data-testid="ready-ai-course"
      style={{
        height: '100%',
        cursor: disabled ? 'not-allowed' : 'pointer',
        opacity: disabled ? 0.5 : 1,
        borderColor: selected ? token.colorPrimary : undefined,
        background: selected ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap="small">
          {course.level ? (
            <Tag color={levelTagColor(course.level)} data-testid="ready-ai-course-level">
              {t(`levels.${course.level}`)}
            </Tag>
          ) : (
            <span />
          )}
          {selected && <CheckCircleFilled style={{ color: token.colorPrimary }} aria-hidden />}
        </Flex>
        <Typography.Text strong dir="auto">
          {course.title}
        </Typography.Text>
        <Typography.Paragraph type="secondary" dir="auto" id={descriptionId} style={CLAMPED_DESCRIPTION}>
          {course.description}
        </Typography.Paragraph>
        <Typography.Text type="secondary" data-testid="ready-ai-course-duration">
          <ClockCircleOutlined aria-hidden /> <span dir="auto">{durationText(course.duration)}</span>
        </Typography.Text>
      </Flex>
    </Card>
  );
}
