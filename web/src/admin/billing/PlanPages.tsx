import { useParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { LoadError } from '../../site/ErrorPages';
import { useDocumentTitle } from '../PageTitle';
import { useProduct } from './api';
import { PlanForm } from './PlanForm';

export function NewPlanPage() {
  useDocumentTitle(trans('Create plan'));
  return <PlanForm />;
}

export function Component() {
  const { productId } = useParams();
  const query = useProduct(productId);
  useDocumentTitle(query.data ? trans('Edit “:name“', { name: query.data.name }) : trans('Edit plan'));
  if (query.isError) return <LoadError error={query.error} retry={query.refetch} />;
  if (!query.data) return <div className="mx-auto max-w-3xl p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-64 w-full" /></div>;
  // Keyed by the plan so a saved answer (new price ids) remounts the form with fresh rows.
  return <PlanForm key={`${query.data.id}-${query.data.updated_at}`} product={query.data} />;
}
