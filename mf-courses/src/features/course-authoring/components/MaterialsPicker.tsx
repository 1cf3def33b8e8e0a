import { DeleteOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { showToast, useLanguage } from '@masar/shell/runtime';
import { Button, Flex, Typography, theme } from 'antd';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MATERIAL_MEGABYTES, addMaterials, sizeInMegabytes, type RejectedFile } from '../material-rules';

export interface MaterialsPickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** Extensions with their dot, e.g. COURSE_MATERIAL_EXTENSIONS. */
  accept: readonly string[];
  maxFiles: number;
  disabled?: boolean;
  /** Says which formats are accepted, under the drop prompt. */
  hint: string;
  /** The file input's accessible name. */
  inputLabel: string;
  testId: string;
}

/**
 * Drag and drop plus a file picker, and the chosen files with their sizes. Hand-made rather than
 * antd's Upload, which silently ignores dropped files outside `accept`: here every refused file
 * is named with the reason.
 */
export function MaterialsPicker({ files, onChange, accept, maxFiles, disabled = false, hint, inputLabel, testId }: MaterialsPickerProps) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const reasonFor = ({ fileName, problem }: RejectedFile): string => {
    switch (problem) {
      case 'invalid-type':
        return t('authoring.files.invalidType', { name: fileName, accepted: accept.join(', ') });
      case 'too-large':
        return t('authoring.files.tooLarge', { name: fileName, maxMb: MAX_MATERIAL_MEGABYTES });
      case 'empty':
        return t('authoring.files.empty', { name: fileName });
      case 'too-many':
        return maxFiles === 1 ? t('authoring.files.onlyOne', { name: fileName }) : t('authoring.files.tooMany', { name: fileName, max: maxFiles });
    }
  };

  const add = (picked: File[]) => {
    if (picked.length === 0) return;
    const { files: next, rejected } = addMaterials(files, picked, { accept, maxFiles });
    if (rejected.length > 0) {
      showToast({ kind: 'error', title: t('authoring.files.notAdded'), description: rejected.map(reasonFor).join(' ') });
    }
    onChange(next);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  return (
    <Flex vertical gap="small">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`${testId}-drop-zone`}
        data-dragging={dragging}
        style={{
          border: `2px dashed ${dragging ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          background: dragging ? token.colorPrimaryBg : token.colorFillQuaternary,
          padding: '16px',
          textAlign: 'center',
          transition: 'border-color 0.2s, background 0.2s',
        }}
      >
        <Flex vertical align="center" gap={4}>
          <InboxOutlined style={{ fontSize: 32, color: token.colorPrimary }} />
          <Typography.Text>{maxFiles === 1 ? t('authoring.files.dropOne') : t('authoring.files.dropMany', { max: maxFiles })}</Typography.Text>
          <Button size="small" onClick={() => input.current?.click()} disabled={disabled}>
            {t('authoring.files.browse')}
          </Button>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </Flex>
        <input
          ref={input}
          type="file"
          multiple={maxFiles > 1}
          accept={accept.join(',')}
          aria-label={inputLabel}
          disabled={disabled}
          // The `hidden` attribute alone loses to antd's reset styles.
          hidden
          style={{ display: 'none' }}
          data-testid={testId}
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            // Cleared so that choosing the same file again after removing it still reports a change.
            event.target.value = '';
            add(picked);
          }}
        />
      </div>
      {files.length > 0 && (
        <Flex vertical component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid={`${testId}-list`}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <Flex align="center" gap="small" data-testid="chosen-file">
                <FileTextOutlined />
                <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} dir="auto">
                  {file.name}
                </Typography.Text>
                <Typography.Text type="secondary">{t('authoring.files.size', { size: sizeInMegabytes(file.size, language) })}</Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, position) => position !== index))}
                  aria-label={t('authoring.files.remove', { name: file.name })}
                  title={t('authoring.files.remove', { name: file.name })}
                />
              </Flex>
            </li>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
