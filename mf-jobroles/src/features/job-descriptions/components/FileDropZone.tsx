import { InboxOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_PICKER_ACCEPT, MAX_UPLOAD_MEGABYTES } from '../upload-rules';

export interface FileDropZoneProps {
  disabled: boolean;
  /** Every picked or dropped file, checked or not: the caller validates and explains. */
  onFile: (file: File) => void;
}

/**
 * Drag and drop plus a file picker. Hand-made rather than antd's Upload because that one
 * silently ignores dropped files outside `accept`, and spec section 5 wants a toast for them.
 */
export function FileDropZone({ disabled, onFile }: FileDropZoneProps) {
  const { t } = useTranslation('jobroles');
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      data-dragging={dragging}
      style={{
        border: `2px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        background: dragging ? token.colorPrimaryBg : token.colorFillQuaternary,
        padding: '24px 16px',
        textAlign: 'center',
        transition: 'border-color 0.2s, background 0.2s',
      }}
    >
      <Flex vertical align="center" gap="small">
        <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Text strong>{t('upload.dropzone.prompt')}</Typography.Text>
        <Typography.Text type="secondary">{t('upload.dropzone.or')}</Typography.Text>
        <Button onClick={() => input.current?.click()} disabled={disabled}>
          {t('upload.dropzone.browse')}
        </Button>
        <Typography.Text type="secondary">{t('upload.dropzone.hint', { maxMb: MAX_UPLOAD_MEGABYTES })}</Typography.Text>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={FILE_PICKER_ACCEPT}
        aria-label={t('upload.dropzone.inputLabel')}
        disabled={disabled}
        // The `hidden` attribute alone loses to antd's reset styles.
        hidden
        style={{ display: 'none' }}
        data-testid="job-description-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again after removing it still reports a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
