import type { Language } from '@masar/contracts';
import type { Response } from 'express';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Sends a small page the gateway renders itself (LTI's pages in an LMS frame, SAML's posted logout):
 * `frameAncestors` may frame it, its forms may post to `formTargets`, and it runs no inline script.
 */
export function sendServerPage(
  response: Response,
  page: { language: Language; title: string; body: string; frameAncestors: string[]; formTargets?: string[] },
): void {
  const formAction = ["'self'", ...(page.formTargets ?? [])].join(' ');
  response.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'self' ${page.frameAncestors.join(' ')}`,
  );
  // CSP frame-ancestors decides who may frame these pages; X-Frame-Options cannot name an LMS.
  response.removeHeader('X-Frame-Options');
  response.setHeader('Cache-Control', 'no-store');
  response
    .status(200)
    .type('html')
    .send(
      `<!doctype html><html lang="${page.language}" dir="${page.language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;margin:24px;line-height:1.5}button,a.button{font:inherit;padding:8px 16px;cursor:pointer}li{margin:8px 0}</style>` +
        `</head><body><h1>${escapeHtml(page.title)}</h1>${page.body}</body></html>`,
    );
}
