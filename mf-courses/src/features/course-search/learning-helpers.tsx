import { ApartmentOutlined, BulbOutlined, FileTextOutlined, QuestionCircleOutlined, RocketOutlined, ToolOutlined } from '@ant-design/icons';
import type { LearningHelperAction } from '@masar/contracts';
import type { ReactNode } from 'react';

/** The six helpers in the spec's order; their names are `search.helpers.actions.<action>` in the locale files. */
export const LEARNING_HELPERS: readonly { action: LearningHelperAction; icon: ReactNode }[] = [
  { action: 'summarize', icon: <FileTextOutlined aria-hidden /> },
  { action: 'generate_quiz', icon: <QuestionCircleOutlined aria-hidden /> },
  { action: 'deep_analysis', icon: <BulbOutlined aria-hidden /> },
  { action: 'creative_scenarios', icon: <RocketOutlined aria-hidden /> },
  { action: 'visual_explanation', icon: <ApartmentOutlined aria-hidden /> },
  { action: 'practical_exercises', icon: <ToolOutlined aria-hidden /> },
];
