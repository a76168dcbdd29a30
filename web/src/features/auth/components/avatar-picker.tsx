import { useRef, useState, type ChangeEvent, type Ref } from 'react';
import { Camera, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { initials } from '../../../components/ui/avatar';
import { toast } from '../../../hooks/use-toast';
import { AVATAR_RESIZE, checkImageFile, resizeImage } from '../../../lib/image-resize';

interface AvatarPickerProps {
  id: string;
  label: string;
  /** For the initials shown when there is no photo yet. */
  name: string;
  /** The chosen photo (data URL) or the current avatar URL. */
  value: string | null;
  onChange: (dataUrl: string) => void;
  onBlur?: () => void;
  /** Receives the file input, so a form can move focus to it on a validation error. */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
}

/**
 * Profile photo upload with preview. The file is checked (an image, at most 10 MB) and resized in the
 * browser to fit 400×400 as JPEG quality 0.8 before it is handed to the form (spec section 5).
 */
export function AvatarPicker({
  id,
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  disabled = false,
}: AvatarPickerProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [processing, setProcessing] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a refusal.
    event.target.value = '';
    if (!file) return;

    const problem = checkImageFile(file);
    if (problem === 'invalid-type') {
      toast({
        title: t('msg.invalidFileType'),
        description: t('msg.invalidFileTypeDetail'),
        variant: 'destructive',
      });
      return;
    }
    if (problem === 'too-large') {
      toast({
        title: t('msg.fileTooLarge'),
        description: t('msg.fileTooLargeDetail'),
        variant: 'destructive',
      });
      return;
    }

    setProcessing(true);
    try {
      onChange(await resizeImage(file, AVATAR_RESIZE));
    } catch {
      toast({
        title: t('msg.imageProcessingError'),
        description: t('profilePhoto.processingFailed'),
        variant: 'destructive',
      });
    } finally {
      setProcessing(false);
      onBlur?.();
    }
  };

  return (
    <FormField id={id} label={label} error={error} hint={t('profilePhoto.hint')}>
      {(control) => (
        <div className="flex items-center gap-4">
          <span className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-dashed border-input bg-muted text-xl font-semibold text-muted-foreground">
            {value ? (
              <img src={value} alt={t('profilePhoto.preview')} className="size-full object-cover" />
            ) : name.trim() ? (
              <span aria-hidden="true">{initials(name)}</span>
            ) : (
              <Camera className="size-7" aria-hidden="true" />
            )}
            {processing ? (
              <span className="absolute inset-0 flex items-center justify-center bg-card/70">
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
              </span>
            ) : null}
          </span>
          <div className="flex flex-col items-start gap-1">
            <input
              {...control}
              ref={(node) => {
                fileInput.current = node;
                if (typeof inputRef === 'function') inputRef(node);
                else if (inputRef) inputRef.current = node;
              }}
              type="file"
              accept="image/*"
              // The button below opens the picker; the input stays reachable by its label.
              className="sr-only"
              tabIndex={-1}
              disabled={disabled || processing}
              onChange={(event) => void onFile(event)}
            />
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || processing}
              onClick={() => fileInput.current?.click()}
            >
              <Camera aria-hidden="true" />
              {value ? t('profilePhoto.change') : t('profilePhoto.upload')}
            </Button>
            <span role="status" className="text-xs text-muted-foreground">
              {processing ? t('profilePhoto.processing') : null}
            </span>
          </div>
        </div>
      )}
    </FormField>
  );
}
