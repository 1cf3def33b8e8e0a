import { EditOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import type { LessonType } from '@masar/contracts';
import type { ReactNode } from 'react';

const LESSON_TYPE_ICONS: Record<LessonType, ReactNode> = {
  video: <PlayCircleOutlined />,
  reading: <ReadOutlined />,
  quiz: <QuestionCircleOutlined />,
  exercise: <EditOutlined />,
};

const LESSON_TYPE_COLORS: Record<LessonType, string> = {
  video: 'red',
  reading: 'blue',
  quiz: 'gold',
  exercise: 'green',
};

export function LessonTypeIcon({ type }: { type: LessonType }) {
  return (
    <span aria-hidden data-testid={`lesson-icon-${type}`}>
      {LESSON_TYPE_ICONS[type]}
    </span>
  );
}

export function lessonTypeColor(type: LessonType): string {
  return LESSON_TYPE_COLORS[type];
}
