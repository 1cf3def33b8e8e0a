import { BookOutlined, FileTextOutlined } from '@ant-design/icons';
import type { LessonSourceRef } from '@masar/contracts';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { lessonPath } from '../../courses/course-presentation';

function CatalogSource({ source }: { source: LessonSourceRef }) {
  const { t } = useTranslation('courses');
  const text = t('lesson.sources.catalog', {
    course: source.courseTitle ?? t('lesson.sources.unknownCourse'),
    lesson: source.lessonTitle ?? t('lesson.sources.unknownLesson'),
  });
  return (
    <Flex gap="small" align="baseline">
      <BookOutlined />
      {source.courseId && source.lessonId ? (
        <Link to={lessonPath(source.courseId, source.lessonId)} dir="auto">
          {text}
        </Link>
      ) : (
        <Typography.Text dir="auto">{text}</Typography.Text>
      )}
    </Flex>
  );
}

function DocumentSource({ source }: { source: LessonSourceRef }) {
  const { t } = useTranslation('courses');
  const fileName = source.fileName ?? t('lesson.sources.unknownDocument');
  return (
    <Flex gap="small" align="baseline">
      <FileTextOutlined />
      <Typography.Text dir="auto">
        {source.section ? t('lesson.sources.document', { fileName, section: source.section }) : fileName}
      </Typography.Text>
    </Flex>
  );
}

/** Where a lesson's text came from, so readers can check it: catalog lessons it quotes, or sections of uploaded documents. */
export function LessonSources({ sources }: { sources: readonly LessonSourceRef[] }) {
  const { t } = useTranslation('courses');
  if (sources.length === 0) return null;
  return (
    <Card size="small" title={t('lesson.sources.title')} data-testid="lesson-sources">
      <Flex vertical component="ul" gap={4} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {sources.map((source, index) => (
          <li key={index} data-testid="lesson-source">
            {source.origin === 'catalog' ? <CatalogSource source={source} /> : <DocumentSource source={source} />}
          </li>
        ))}
      </Flex>
    </Card>
  );
}
