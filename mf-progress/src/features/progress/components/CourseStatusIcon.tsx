import { CheckCircleFilled, ClockCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { PathCourseStatus } from '@masar/contracts';
import { theme } from 'antd';

/** The icon in front of a course, coloured by its status. */
export function CourseStatusIcon({ status }: { status: PathCourseStatus }) {
  const { token } = theme.useToken();
  const style = { fontSize: 22 };
  if (status === 'completed') return <CheckCircleFilled style={{ ...style, color: token.colorSuccess }} aria-hidden />;
  if (status === 'in-progress') return <SyncOutlined style={{ ...style, color: token.colorPrimary }} aria-hidden />;
  return <ClockCircleOutlined style={{ ...style, color: token.colorTextTertiary }} aria-hidden />;
}

/** The badge colour of each status. */
export const STATUS_TAG_COLORS: Record<PathCourseStatus, string> = {
  completed: 'success',
  'in-progress': 'processing',
  pending: 'default',
};
