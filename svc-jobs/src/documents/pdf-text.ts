import { RpcException } from '@nestjs/microservices';
import { DOCUMENT_MESSAGES } from './document-messages';
import { rpcError } from '@masar/contracts/service-kit';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * pdfjs-dist is an ES module; loading it lazily keeps it off the start-up path. Its worker code
 * runs in this thread ("fake worker"): handing pdfjs the worker module through `globalThis.pdfjsWorker`
 * spares it from resolving a worker file path of its own.
 */
let pdfjs: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjs;
}

/** One run of text as pdfjs reports it, with where it sits on the page. */
interface PositionedText {
  str: string;
  hasEOL: boolean;
  transform: number[];
  width: number;
  height: number;
}

function isPositionedText(item: object): item is PositionedText {
  return 'str' in item && 'transform' in item;
}

/**
 * pdfjs splits a line into runs where the direction or the font changes (an English term inside
 * Arabic text, a bold word) and the space between two runs is often only a gap in positions.
 * A visible gap on the same line becomes a space; a change of line becomes a newline.
 */
function separatorBetween(previous: PositionedText, next: PositionedText): string {
  if (previous.hasEOL) {
    return '';
  }
  const fontSize = Math.max(previous.height, next.height, 1);
  const sameLine = Math.abs(previous.transform[5] - next.transform[5]) < fontSize * 0.5;
  if (!sameLine) {
    return '\n';
  }
  if (/\s$/.test(previous.str) || /^\s/.test(next.str)) {
    return '';
  }
  const previousStart = previous.transform[4];
  const previousEnd = previousStart + previous.width;
  const nextStart = next.transform[4];
  const nextEnd = nextStart + next.width;
  // Right-to-left runs follow each other leftwards, so measure the gap on whichever side it is.
  const gap = nextStart >= previousEnd ? nextStart - previousEnd : nextEnd <= previousStart ? previousStart - nextEnd : 0;
  return gap > fontSize * 0.15 ? ' ' : '';
}

function pageText(items: readonly object[]): string {
  let text = '';
  let previous: PositionedText | undefined;
  for (const item of items) {
    if (!isPositionedText(item)) {
      continue;
    }
    if (previous) {
      text += separatorBetween(previous, item);
    }
    text += item.str + (item.hasEOL ? '\n' : '');
    previous = item;
  }
  return text;
}

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

/**
 * The text layer of a PDF, page after page. Stops reading once `maxCharacters` is passed (the
 * caller refuses such a file anyway). Password-protected, damaged and text-less (scanned) PDFs
 * are refused with a 422 saying which.
 */
export async function extractPdfText(bytes: Uint8Array, maxCharacters: number): Promise<string> {
  const { getDocument } = await loadPdfJs();
  // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const loadingTask = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: Awaited<typeof loadingTask.promise>;
  try {
    document = await loadingTask.promise;
  } catch (error) {
    await loadingTask.destroy().catch(() => undefined);
    if (nameOf(error) === 'PasswordException') {
      throw rpcError(422, DOCUMENT_MESSAGES.pdfPasswordProtected);
    }
    throw rpcError(422, DOCUMENT_MESSAGES.pdfDamaged);
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages && length <= maxCharacters; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      const text = pageText(content.items);
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    const text = pages.join('\n\n');
    if (text.trim().length === 0) {
      throw rpcError(422, DOCUMENT_MESSAGES.pdfWithoutTextLayer);
    }
    return text;
  } catch (error) {
    if (error instanceof RpcException) {
      throw error;
    }
    throw rpcError(422, DOCUMENT_MESSAGES.pdfDamaged);
  } finally {
    await document.destroy();
  }
}
