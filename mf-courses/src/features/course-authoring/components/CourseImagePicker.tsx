import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { showToast } from '@masar/shell/runtime';
import { Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MATERIAL_BYTES, MAX_MATERIAL_MEGABYTES, isImageFile } from '../material-rules';

export interface CourseImagePickerProps {
  image: File | undefined;
  onChange: (image: File | undefined) => void;
  disabled?: boolean;
}

/** The optional course image (spec 001 section 5: it must have an image type). */
export function CourseImagePicker({ image, onChange, disabled = false }: CourseImagePickerProps) {
  const { t } = useTranslation('courses');
  const input = useRef<HTMLInputElement>(null);

  const choose = (file: File) => {
    if (!isImageFile(file)) {
      showToast({ kind: 'error', title: t('authoring.image.invalidTitle'), description: t('authoring.image.invalid', { name: file.name }) });
    } else if (file.size > MAX_MATERIAL_BYTES) {
      showToast({
        kind: 'error',
        title: t('authoring.image.invalidTitle'),
        description: t('authoring.files.tooLarge', { name: file.name, maxMb: MAX_MATERIAL_MEGABYTES }),
      });
    } else {
      onChange(file);
    }
  };

  return (
    <Flex align="center" gap="small" wrap>
      {image ? (
        <>
          <PictureOutlined />
          <Typography.Text ellipsis style={{ maxWidth: 320 }} dir="auto" data-testid="course-image-name">
            {image.name}
          </Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => onChange(undefined)}
            aria-label={t('authoring.files.remove', { name: image.name })}
            title={t('authoring.files.remove', { name: image.name })}
          />
        </>
      ) : (
        <Button icon={<PictureOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
          {t('authoring.image.choose')}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={t('authoring.image.label')}
        disabled={disabled}
        hidden
        style={{ display: 'none' }}
        data-testid="course-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) choose(file);
        }}
      />
    </Flex>
  );
}
