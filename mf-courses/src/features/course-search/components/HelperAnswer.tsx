import type { Language, LearningHelperReply } from '@masar/contracts';
import { directionOf } from '@masar/shell/runtime';
import { Card, Image } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { AnswerAuthor } from './AnswerAuthor';

/** Links in an answer leave the portal in a new tab; images are not loaded from wherever an answer points. */
const MARKDOWN_COMPONENTS: ComponentProps<typeof Markdown>['components'] = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * A helper's answer: markdown rendered as formatted text. Sanitised by construction: raw HTML in it is
 * dropped (`skipHtml`), unsafe link targets are emptied by react-markdown, and images are left out.
 * Visual Expansion's diagram is Masar's own picture of the passage (its address checked by the
 * reply's schema), shown above the outline.
 */
export function HelperAnswer({ title, reply, language }: { title: string; reply: LearningHelperReply; language: Language }) {
  const { t } = useTranslation('courses');
  return (
    <Card size="small" title={title} extra={<AnswerAuthor source={reply} testId="learning-helper-source" />} data-testid="learning-helper-answer">
      {reply.diagramUrl && <Image src={reply.diagramUrl} alt={t('search.helpers.diagramAlt')} data-testid="learning-helper-diagram" />}
      <div lang={language} dir={directionOf(language)} className="masar-markdown" data-testid="learning-helper-markdown">
        <Markdown remarkPlugins={[remarkGfm]} skipHtml disallowedElements={['img']} unwrapDisallowed components={MARKDOWN_COMPONENTS}>
          {reply.response}
        </Markdown>
      </div>
    </Card>
  );
}
