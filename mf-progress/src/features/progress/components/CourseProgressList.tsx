import type { ProgressCourse } from '@masar/contracts';
import { Button, Card, Empty, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CourseProgressItem } from './CourseProgressItem';

/** 'Course Progress': the courses in the server's order, or the way to the catalog. */
export function CourseProgressList({ courses }: { courses: readonly ProgressCourse[] }) {
  const { t } = useTranslation('progress');
  const navigate = useNavigate();
  const { token } = theme.useToken();

  return (
    <Card title={t('progress.courseProgress')} data-testid="course-progress">
      {courses.length === 0 ? (
        <Empty
          data-testid="progress-empty"
          description={
            <>
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>{t('progress.empty.title')}</Typography.Title>
              <Typography.Text type="secondary">{t('progress.empty.hint')}</Typography.Text>
            </>
          }
        >
          <Button type="primary" onClick={() => navigate('/courses')} data-testid="progress-browse">
            {t('progress.empty.browse')}
          </Button>
        </Empty>
      ) : (
        <ul style={{ margin: 0, padding: 0 }}>
          {courses.map((course, index) => (
            <li
              key={course.courseId}
              style={{
                listStyle: 'none',
                paddingBlock: 16,
                borderBlockStart: index > 0 ? `1px solid ${token.colorSplit}` : undefined,
              }}
            >
              <CourseProgressItem course={course} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
