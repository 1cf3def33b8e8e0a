import type { Language, LearningHelperReply } from '@masar/contracts';
import { directionOf } from '@masar/shell/runtime';
import { Card, Image } from 'antd';
import { useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { AnswerAuthor } from './AnswerAuthor';

type MarkdownComponents = ComponentProps<typeof Markdown>['components'];

/**
 * Links in an answer leave the portal in a new tab; images are not loaded from wherever an answer points.
 * A checklist's boxes (read-only) are named, so a screen reader says what each one is.
 */
function markdownComponents(taskLabel: (done: boolean) => string): MarkdownComponents {
  return {
    a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
    input: ({ node: _node, ...props }) => (props.type === 'checkbox' ? <input {...props} aria-label={taskLabel(props.checked === true)} /> : <input {...props} />),
  };
}

/**
 * A helper's answer: markdown rendered as formatted text. Sanitised by construction: raw HTML in it is
 * dropped (`skipHtml`), unsafe link targets are emptied by react-markdown, and images are left out.
 * Visual Expansion's diagram is Masar's own picture of the passage (its address checked by the
 * reply's schema), shown above the outline.
 */
export function HelperAnswer({ title, reply, language }: { title: string; reply: LearningHelperReply; language: Language }) {
  const { t } = useTranslation('courses');
  const components = useMemo(() => markdownComponents((done) => t(done ? 'search.helpers.taskDone' : 'search.helpers.taskToDo')), [t]);
  return (
    <Card size="small" title={title} extra={<AnswerAuthor source={reply} testId="learning-helper-source" />} data-testid="learning-helper-answer">
      {reply.diagramUrl && <Image src={reply.diagramUrl} alt={t('search.helpers.diagramAlt')} data-testid="learning-helper-diagram" />}
      <div lang={language} dir={directionOf(language)} className="masar-markdown" data-testid="learning-helper-markdown">
        <Markdown remarkPlugins={[remarkGfm]} skipHtml disallowedElements={['img']} unwrapDisallowed components={components}>
          {reply.response}
        </Markdown>
      </div>
    </Card>
  );
}
