// pdfjs-dist ships no types for its worker module; pdf-outline.ts only hands it back to pdfjs.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
