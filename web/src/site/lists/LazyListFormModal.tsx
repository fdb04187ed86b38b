import { useEffect, useState, type ComponentProps } from 'react';
import { retryableLazy } from '../../lib/retryable-lazy';
import { LazyPart } from '../../ui/LazyPart';

const ListFormModal = retryableLazy(() => import('./ListFormModal'), (m) => m.ListFormModal);

/**
 * The New list / Edit list dialog, whose code (the form and its schema, zod with it) loads the first time it opens:
 * the "Add to list" menu, "Your lists" and a list's page show without it. It stays mounted once opened, so it closes
 * as the dialog it is.
 */
export function LazyListFormModal(props: ComponentProps<typeof ListFormModal>) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => { if (props.open) setWanted(true); }, [props.open]);
  if (!wanted && !props.open) return null;
  return <LazyPart fallback={null} compact><ListFormModal {...props} /></LazyPart>;
}
