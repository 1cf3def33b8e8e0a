import type { Language } from '@masar/contracts';

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
