import { useMutation } from '@tanstack/react-query';
import { TITLE_IMAGE_MAX_BYTES } from '@app/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { toast } from '../../ui/Toast';

/**
 * A button that uploads one picture and hands back its address, for the forms that keep a picture as an address
 * (a person's photo, an episode's still). `send` posts the file and answers the stored image's URL.
 */
export function PosterUpload({ label, send, onUploaded }: { label: string; send: (file: File) => Promise<string>; onUploaded: (url: string) => void }) {
  const upload = useMutation({
    mutationFn: send,
    onSuccess: onUploaded,
    onError: (e) => toast.danger(e instanceof ApiError && e.errors?.file ? e.errors.file[0] : errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <label className="inline-flex h-9 cursor-pointer items-center rounded-md border border-border px-3 text-sm hover:bg-hover focus-within:outline-2 focus-within:outline-primary">
      {upload.isPending ? trans('Uploading') : label}
      <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return toast.danger(trans('Please select a file.'));
          // Checked again on the server; this spares a useless upload.
          if (file.size > TITLE_IMAGE_MAX_BYTES) return toast.danger(trans('The image may not be greater than 5 MB.'));
          upload.mutate(file);
        }} />
    </label>
  );
}
