import { ImageUp } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  useUploadProductImage,
} from '@/features/admin-console/api/products';

/** Uploads a picture (billing re-encodes it) and hands back its path, or clears it for the default art. */
export function ImageField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (image: string) => void;
}) {
  const { t } = useI18n();
  const copy = t.adminConsole.editor;
  const id = useId();
  const [problem, setProblem] = useState<string>();
  const upload = useUploadProductImage();
  const shown = problem ?? error;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too, so a wrong file is refused at once rather than after the upload.
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
      return setProblem(copy.imageWrongType);
    if (file.size > MAX_IMAGE_BYTES) return setProblem(copy.imageTooBig);
    setProblem(undefined);
    upload.mutate(file, {
      onSuccess: (image) => {
        onChange(image);
        toast({ variant: 'success', title: copy.imageUploaded });
      },
      onError: (failure) => setProblem(`${copy.imageFailed}: ${errorText(failure)}`),
    });
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{copy.image}</Label>
      <p id={`${id}-hint`} className="text-sm text-navy-700">
        {copy.imageHint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={onFile}
          disabled={upload.isPending}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
          data-testid="product-image-input"
          className="max-w-full text-sm text-navy-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-navy-200 file:bg-white file:px-4 file:font-semibold file:text-navy-900 hover:file:bg-cream-100"
        />
        {upload.isPending ? (
          <span role="status" className="flex items-center gap-2 text-sm text-navy-700">
            <ImageUp aria-hidden="true" className="size-4" />
            {copy.imageUploading}
          </span>
        ) : null}
        {value ? (
          <Button type="button" variant="link" size="inline" onClick={() => onChange('')}>
            {copy.imageDefault}
          </Button>
        ) : null}
      </div>
      {shown ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
