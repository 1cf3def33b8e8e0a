import { CloseOutlined } from '@ant-design/icons';
import { READY_AI_MAX_SELECTION, type CategoryCourse } from '@masar/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SelectedCoursesProps {
  selection: readonly CategoryCourse[];
  onRemove: (course: CategoryCourse) => void;
  disabled: boolean;
}

/** "Selected Courses (n/3)" with one removable chip per picked course (spec 001 section 2). */
export function SelectedCourses({ selection, onRemove, disabled }: SelectedCoursesProps) {
  const { t } = useTranslation('courses');
  return (
    <Flex vertical gap="small" data-testid="ready-ai-selected">
      <Typography.Text strong data-testid="ready-ai-selected-title">
        {t('readyAi.selected.title', { selected: selection.length, max: READY_AI_MAX_SELECTION })}
      </Typography.Text>
      <Flex wrap gap="small">
        {selection.map((course) => (
          <Tag key={course.id} color="blue" data-testid="ready-ai-chip" style={{ marginInlineEnd: 0, paddingInlineEnd: 0 }}>
            <span dir="auto">{course.title}</span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              disabled={disabled}
              onClick={() => onRemove(course)}
              aria-label={t('readyAi.selected.remove', { title: course.title })}
              data-testid="ready-ai-chip-remove"
            />
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
