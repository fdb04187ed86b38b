import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FolderOpen, Upload, XCircle } from 'lucide-react';
import { FILE_TYPES, type FileEntry, type FileType } from '@app/contracts/files';
import type { PaginationResponse } from '@app/contracts/list';
import { api } from '../../lib/api';
import { formatDate, formatFileSize } from '../../lib/format';
import { trans } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-client';
import { useUploads } from '../../lib/uploads';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { DataTable, type DataTableColumn, type FilterDefinition } from '../../ui/DataTable';
import { readListParams, toApiParams } from '../../ui/list-params';
import { toast } from '../../ui/Toast';
import { FilePreviewModal } from '../../ui/file-preview/FilePreviewModal';
import { FileThumbnail } from '../../ui/file-preview/FileTypeIcon';
import { PageTitle } from '../PageTitle';
import { OwnerFilter } from './OwnerFilter';
import { useAuth } from '../../lib/auth';

const RESOURCE = 'file-entries';

function typeLabel(type: FileType): string {
  const labels: Record<FileType, () => string> = {
    text: () => trans('Text'), audio: () => trans('Audio'), video: () => trans('Video'), image: () => trans('Image'), pdf: () => trans('PDF'),
    spreadsheet: () => trans('Spreadsheet'), word: () => trans('Document'), photoshop: () => trans('Photoshop'), archive: () => trans('Archive'),
    folder: () => trans('Folder'), file: () => trans('File'),
  };
  return labels[type]?.() ?? type;
}

export function Component() {
  const { can } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);

  // The same query the table runs (same key), so the previewer pages through exactly the rows shown.
  const listParams = useMemo(() => readListParams(searchParams), [searchParams]);
  const apiParams = useMemo(() => ({ ...toApiParams(listParams), with: undefined }), [listParams]);
  const page = useQuery({
    queryKey: queryKeys.list(RESOURCE, apiParams),
    queryFn: ({ signal }) => api.get<PaginationResponse<FileEntry>>(RESOURCE, apiParams, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => page.data?.pagination.data ?? [], [page.data]);

  const onUploaded = useCallback((entry: FileEntry) => {
    toast(trans('Uploaded :name', { name: entry.name }));
    void queryClient.invalidateQueries({ queryKey: queryKeys.lists(RESOURCE) });
  }, [queryClient]);
  const { items, upload, clear } = useUploads({ onUploaded });

  const filterByOwner = useCallback((ownerId: number) => {
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      const current = readListParams(prev).filters.filter((f) => f.key !== 'owner_id');
      next.set('filters', JSON.stringify([...current, { key: 'owner_id', value: ownerId, operator: '=' }]));
      next.delete('page');
      return next;
    }, { replace: true });
  }, [setSearchParams]);

  const columns = useMemo<DataTableColumn<FileEntry>[]>(() => [
    {
      id: 'name',
      header: () => trans('Name'),
      sortKey: 'name',
      cell: ({ row }) => (
        <button type="button" onClick={() => setPreviewIndex(row.index)} className="flex min-w-0 max-w-[22rem] items-center gap-3 text-start hover:underline"
          aria-label={trans('Preview :name', { name: row.original.name })}>
          <FileThumbnail entry={row.original} />
          <span className="truncate font-medium">{row.original.name}</span>
        </button>
      ),
    },
    {
      id: 'owner',
      header: () => trans('Owner'),
      cell: ({ row: { original: f } }) => f.owner ? (
        <button type="button" className="flex min-w-0 items-center gap-2 hover:underline" onClick={() => filterByOwner(f.owner!.id)}
          title={trans('Show files of :name', { name: f.owner.email })}>
          <Avatar src={f.owner.avatar} label={f.owner.display_name} size={28} />
          <span className="truncate">{f.owner.display_name}</span>
        </button>
      ) : <span className="text-text-muted">-</span>,
    },
    { id: 'file_size', header: () => trans('Size'), sortKey: 'file_size', cell: ({ row }) => <span className="whitespace-nowrap">{formatFileSize(row.original.file_size)}</span> },
    { id: 'type', header: () => trans('Type'), sortKey: 'type', cell: ({ row }) => typeLabel(row.original.type) },
    {
      id: 'public',
      header: () => trans('Public'),
      cell: ({ row }) => row.original.public
        ? <CheckCircle2 size={18} className="text-success" aria-label={trans('Yes')} />
        : <XCircle size={18} className="text-text-muted" aria-label={trans('No')} />,
    },
    { id: 'created_at', header: () => trans('Created at'), sortKey: 'created_at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
  ], [filterByOwner]);

  const ownerId = listParams.filters.find((f) => f.key === 'owner_id')?.value;
  const ownerLabel = rows.find((r) => r.owner?.id === Number(ownerId))?.owner?.email;
  const filters = useMemo<FilterDefinition[]>(() => [
    { key: 'type', label: trans('Type'), type: 'select', options: FILE_TYPES.filter((t) => t !== 'folder').map((t) => ({ label: typeLabel(t), value: t })) },
    { key: 'owner_id', label: trans('Owner'), type: 'custom', render: (value, onChange) => <OwnerFilter value={value} onChange={onChange} ownerLabel={ownerLabel} /> },
    { key: 'public', label: trans('Visibility'), type: 'boolean', trueLabel: trans('Public'), falseLabel: trans('Private') },
    { key: 'created_at', label: trans('Created date'), type: 'dateRange' },
  ], [ownerLabel]);

  const uploading = items.some((it) => it.status === 'uploading');
  const [dragging, setDragging] = useState(false);
  return (
    // Files dropped anywhere on the page upload like the button's picks.
    <div
      className={`flex min-h-full flex-col gap-6 p-4 desk:p-8 ${dragging ? 'outline-2 -outline-offset-8 outline-dashed outline-primary' : ''}`}
      onDragOver={(e) => { if (e.dataTransfer.types.includes('Files')) { e.preventDefault(); setDragging(true); } }}
      onDragLeave={(e) => { if (e.currentTarget === e.target) setDragging(false); }}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        setDragging(false);
        upload(Array.from(e.dataTransfer.files));
      }}
    >
      <PageTitle>{trans('Uploaded files and folders')}</PageTitle>
      <DataTable<FileEntry>
        endpoint={RESOURCE}
        columns={columns}
        filters={filters}
        canDelete={['files.delete', 'files.update'].some((p) => can(p))}
        searchLabel={trans('Search files')}
        emptyState={{ title: trans('Nothing has been uploaded yet'), icon: <FolderOpen size={40} /> }}
        noResultsState={{ title: trans('No matching files'), description: trans('Try another search query or different filters') }}
        headerActions={() => (
          <>
            <input ref={fileInput} type="file" multiple className="sr-only" tabIndex={-1} aria-hidden data-testid="upload-input"
              onChange={(e) => { if (e.target.files) upload(Array.from(e.target.files)); e.target.value = ''; }} />
            <Button variant="primary" onClick={() => fileInput.current?.click()}>
              <Upload size={16} aria-hidden />
              {trans('Upload files')}
            </Button>
          </>
        )}
      />
      {items.length > 0 && (
        <section aria-label={trans('Uploads')} className="fixed bottom-4 end-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-border bg-bg-elevated p-3 shadow-lg">
          <div className="mb-2 flex items-center justify-between">
            <h2 className="text-sm font-semibold">{uploading ? trans('Uploading files') : trans('Uploads complete')}</h2>
            {!uploading && <Button size="sm" variant="text" onClick={clear}>{trans('Close')}</Button>}
          </div>
          <ul className="flex max-h-60 flex-col gap-2 overflow-auto">
            {items.map((it) => (
              <li key={it.key} className="text-sm" data-testid="upload-item">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate">{it.name}</span>
                  <span className="shrink-0 text-xs text-text-muted">
                    {it.status === 'done' ? trans('Done') : it.status === 'error' ? trans('Failed') : `${Math.floor((it.sent / Math.max(1, it.size)) * 100)}%`}
                  </span>
                </div>
                <progress className="h-1 w-full" max={it.size || 1} value={it.status === 'error' ? 0 : it.sent} aria-label={trans('Upload progress for :name', { name: it.name })} />
                {it.error && <p className="text-xs text-danger" role="alert">{it.error}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <FilePreviewModal entries={rows} index={previewIndex} onIndexChange={setPreviewIndex} />
    </div>
  );
}
