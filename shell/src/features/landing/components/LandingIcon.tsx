import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

/**
 * One antd icon drawn from its SVG definition, without `@ant-design/icons` (its context and
 * renderer would pull part of antd into the lean landing page). Sized and coloured like antd's
 * icons: 1em square in the current colour; decorative, so hidden from assistive technology.
 */
export function LandingIcon({ definition, className }: { definition: IconDefinition; className?: string }) {
  const svg = definition.icon;
  if (typeof svg === 'function') return null; // two-tone icons draw themselves; the landing uses outlined ones
  return (
    <span className={className ? `masar-icon ${className}` : 'masar-icon'} aria-hidden>
      <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {(svg.children ?? []).map((child, index) => (
          <path key={index} d={String(child.attrs.d)} />
        ))}
      </svg>
    </span>
  );
}
