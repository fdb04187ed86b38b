import { lazy, Suspense } from 'react';
import { Controller } from 'react-hook-form';
import { trans } from '../../lib/i18n';
import { useAppearanceForm } from './AppearanceLayout';

const CodeEditor = lazy(() => import('./CodeEditor'));

function Editor({ name, language, label, description }: { name: string; language: 'css' | 'html'; label: string; description: string }) {
  const { control } = useAppearanceForm();
  const id = `code-${language}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <p className="text-xs text-text-muted">{description}</p>
      <Suspense fallback={<div className="skeleton h-80" />}>
        <Controller control={control} name={name} render={({ field }) => <CodeEditor id={id} language={language} label={label} value={String(field.value ?? '')} onChange={field.onChange} />} />
      </Suspense>
    </div>
  );
}

export function Component() {
  return (
    <div className="flex flex-col gap-6">
      <Editor name="client.custom_code.css" language="css" label={trans('Custom CSS')} description={trans('Added to every page of the public site.')} />
      <Editor name="client.custom_code.html" language="html" label={trans('Custom HTML & JavaScript')} description={trans('Added at the end of every public page, for example analytics snippets.')} />
    </div>
  );
}
