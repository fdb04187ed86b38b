import { Controller } from 'react-hook-form';
import { useAuth } from '../../lib/auth';
import { trans } from '../../lib/i18n';
import { useAppearanceForm } from './AppearanceLayout';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';

const CodeEditor = retryableLazy(() => import('./CodeEditor'));

function Editor({ name, language, label, description, readOnly }: { name: string; language: 'css' | 'html'; label: string; description: string; readOnly?: boolean }) {
  const { control } = useAppearanceForm();
  const id = `code-${language}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <p className="text-xs text-text-muted">{description}</p>
      <LazyPart fallback={<div className="skeleton h-80" />}>
        <Controller control={control} name={name} render={({ field }) => <CodeEditor id={id} language={language} label={label} readOnly={readOnly} value={String(field.value ?? '')} onChange={field.onChange} />} />
      </LazyPart>
    </div>
  );
}

export function Component() {
  // The custom HTML runs as the site's own script for every visitor, administrators included: only they change it.
  const htmlReadOnly = !useAuth().can('admin');
  return (
    <div className="flex flex-col gap-6">
      <Editor name="client.custom_code.css" language="css" label={trans('Custom CSS')} description={trans('Added to every page of the public site.')} />
      <Editor
        name="client.custom_code.html"
        language="html"
        label={trans('Custom HTML & JavaScript')}
        readOnly={htmlReadOnly}
        description={htmlReadOnly
          ? `${trans('Added at the end of every public page, for example analytics snippets.')} ${trans('Only an admin can change the custom HTML and JavaScript.')}`
          : trans('Added at the end of every public page, for example analytics snippets.')}
      />
    </div>
  );
}
