import type { AiCallFilters } from '@masar/contracts';
import { readableErrorMessage, showToast } from '@masar/shell/runtime';
import { useTranslation } from 'react-i18next';
import { useExportAiCallsMutation } from '../governance.api';

/** Hands a file to the browser's downloads, as a link the person clicked would. */
export function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Export CSV": the gateway's file of every call the filters match. It is fetched first (not a plain
 * link) so that a refusal (more than 50,000 calls, a bad date) is a toast with the server's words.
 */
export function useCallsExport() {
  const { t } = useTranslation('governance');
  const [exportCalls, state] = useExportAiCallsMutation();
  const exportCsv = async (filters: Partial<AiCallFilters>) => {
    const result = await exportCalls(filters);
    if ('error' in result) {
      showToast({ kind: 'error', title: t('usage.exportFailed'), description: readableErrorMessage(result.error) });
      return;
    }
    // Reading the reply as text dropped its byte order mark; Excel needs it to read UTF-8 (Arabic names).
    saveFile(`\uFEFF${result.data.text}`, result.data.fileName, 'text/csv;charset=utf-8');
    showToast({ kind: 'success', title: t('usage.exported') });
  };
  return { exportCsv, isExporting: state.isLoading };
}
