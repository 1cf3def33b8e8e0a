import type { ButtonHTMLAttributes } from 'react';

export interface LandingButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary';
  size?: 'middle' | 'large';
  loading?: boolean;
  'data-testid'?: string;
}

/**
 * A button drawn like antd's (index.html holds its CSS), for the landing page only: antd itself
 * stays out of the first page a visitor downloads. While `loading` it shows a spinner, says so to
 * assistive technology (aria-busy) and ignores clicks.
 */
export function LandingButton({ variant = 'default', size = 'middle', loading = false, className, children, onClick, ...rest }: LandingButtonProps) {
  const classes = ['masar-btn', `masar-btn-${variant}`, size === 'large' ? 'masar-btn-lg' : '', loading ? 'masar-btn-loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={classes} aria-busy={loading || undefined} onClick={loading ? undefined : onClick} {...rest}>
      {loading && <span className="masar-btn-spinner" aria-hidden />}
      {children}
    </button>
  );
}
