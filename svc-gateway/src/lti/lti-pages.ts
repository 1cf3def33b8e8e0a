import type { Language } from '@masar/contracts';
import type { Response } from 'express';

/**
 * The few pages the gateway itself shows inside an LMS frame (they must work before any Masar
 * session exists there). Every text has its English and Arabic form: the type makes a missing one
 * a compile error.
 */
const PAGE_TEXT = {
  en: {
    openTitle: 'Open in Masar',
    openIntro: 'Your LMS shows Masar in a frame, where browsers keep sign-in cookies out. Open the course in its own window:',
    openButton: 'Open in a new window',
    pickTitle: 'Choose what to place from Masar in your LMS course',
    pickIntro: 'Published courses in Masar:',
    pickNone: 'Masar has no published course yet.',
    pickButton: 'Place the selected item',
    learningPathTitle: 'Learning path',
    learningPathOption: "The learner's own learning path",
    returnTitle: 'Returning to your LMS',
    returnButton: 'Continue',
    confirmTitle: 'Continue to Masar',
    confirmIntro: 'Your LMS opened Masar for this account:',
    confirmButton: 'Continue as this person',
    confirmWarning: 'If you did not just open Masar from your LMS, or this is not you, close this page: continuing would sign this browser in to someone else’s account.',
  },
  ar: {
    openTitle: 'الفتح في مسار',
    openIntro: 'يعرض نظام إدارة التعلّم مسار داخل إطار، والمتصفحات تمنع ملفات تعريف الارتباط لتسجيل الدخول فيه. افتح المقرر في نافذة مستقلة:',
    openButton: 'الفتح في نافذة جديدة',
    pickTitle: 'اختر ما تريد وضعه من مسار في مقررك على نظام إدارة التعلّم',
    pickIntro: 'المقررات المنشورة في مسار:',
    pickNone: 'لا يوجد في مسار أي مقرر منشور بعد.',
    pickButton: 'ضع العنصر المحدد',
    learningPathTitle: 'مسار التعلّم',
    learningPathOption: 'مسار التعلّم الخاص بكل متعلّم',
    returnTitle: 'جارٍ الرجوع إلى نظام إدارة التعلّم',
    returnButton: 'متابعة',
    confirmTitle: 'المتابعة إلى مسار',
    confirmIntro: 'فتح نظام إدارة التعلّم مسار لهذا الحساب:',
    confirmButton: 'المتابعة بهذا الحساب',
    confirmWarning: 'إن لم تكن قد فتحت مسار للتوّ من نظام إدارة التعلّم، أو لم يكن هذا حسابك، فأغلق هذه الصفحة: المتابعة ستُدخل هذا المتصفح إلى حساب شخص آخر.',
  },
} satisfies Record<Language, Record<string, string>>;
export type LtiPageText = (typeof PAGE_TEXT)['en'];

export function pageText(language: Language): LtiPageText {
  return PAGE_TEXT[language];
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Sends a small page that the platforms' origins may frame and whose forms may post to `formTargets`. */
export function sendLtiPage(
  response: Response,
  page: { language: Language; title: string; body: string; frameAncestors: string[]; formTargets?: string[] },
): void {
  const formAction = ["'self'", ...(page.formTargets ?? [])].join(' ');
  response.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'self' ${page.frameAncestors.join(' ')}`,
  );
  // CSP frame-ancestors decides who may frame these pages; X-Frame-Options cannot name the LMS.
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
