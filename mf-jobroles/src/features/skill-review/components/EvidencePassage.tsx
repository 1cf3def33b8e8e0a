import type { Language, SkillEvidence } from '@masar/contracts';
import { directionOf } from '@masar/shell/runtime';
import { theme } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { segmentsForEvidence } from '../evidence-highlight';

export interface EvidencePassageProps {
  content: string;
  /** The posting's own language: an Arabic posting reads right to left in any interface language. */
  language: Language;
  evidence: SkillEvidence[];
  label: string;
}

/** The posting with the phrases that support one skill marked, scrolled to the first of them. */
export function EvidencePassage({ content, language, evidence, label }: EvidencePassageProps) {
  const { token } = theme.useToken();
  const segments = useMemo(() => segmentsForEvidence(content, evidence), [content, evidence]);
  const passage = useRef<HTMLDivElement>(null);
  const firstMark = useRef<HTMLElement>(null);

  useEffect(() => {
    const box = passage.current;
    const mark = firstMark.current;
    // Scroll only the passage box: scrolling the mark into view would move the whole modal.
    if (box && mark) box.scrollTop = Math.max(0, mark.offsetTop - box.offsetTop - 48);
  }, [segments]);

  let firstMarkSeen = false;
  return (
    <div
      ref={passage}
      role="region"
      aria-label={label}
      dir={directionOf(language)}
      lang={language}
      data-testid="skill-evidence"
      style={{
        maxHeight: 220,
        overflowY: 'auto',
        whiteSpace: 'pre-wrap',
        padding: '8px 12px',
        marginTop: 8,
        borderRadius: token.borderRadius,
        background: token.colorFillQuaternary,
        lineHeight: 1.7,
        textAlign: 'start',
      }}
    >
      {segments.map((segment) => {
        if (!segment.highlighted) return <span key={segment.start}>{segment.text}</span>;
        const isFirst = !firstMarkSeen;
        firstMarkSeen = true;
        return (
          <mark
            key={segment.start}
            ref={isFirst ? firstMark : undefined}
            style={{ background: token.colorWarningBg, padding: '0 2px', borderRadius: 2 }}
          >
            {segment.text}
          </mark>
        );
      })}
    </div>
  );
}
