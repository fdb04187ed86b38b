import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { trans } from '../lib/i18n';
import { PageTitle } from './PageTitle';
import { downloadFile } from './csv-export';

/**
 * Where the "Download" link of a large CSV export's mail leads: a page behind sign-in (signed out, it goes through
 * the login page and back here), which starts the download and keeps a link to it.
 */
export function Component() {
  const { uuid = '' } = useParams();
  const path = `/api/v1/csv/download/${encodeURIComponent(uuid)}`;
  const [state, setState] = useState<'checking' | 'ready' | 'missing'>('checking');
  useEffect(() => {
    let live = true;
    fetch(path, { method: 'HEAD', credentials: 'same-origin' }).then((res) => {
      if (!live) return;
      setState(res.ok ? 'ready' : 'missing');
      if (res.ok) downloadFile(path);
    }, () => live && setState('missing'));
    return () => { live = false; };
  }, [path]);
  return (
    <div className="mx-auto max-w-xl p-6">
      <PageTitle>{trans('CSV export')}</PageTitle>
      <p className="mt-4" role="status">
        {state === 'checking' ? trans('Loading') : state === 'missing' ? trans('Export not found') : trans('Your download should start now.')}
      </p>
      {state === 'ready' && <p className="mt-2"><a className="underline" href={path} download>{trans('Download')}</a></p>}
    </div>
  );
}
