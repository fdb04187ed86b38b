import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { trans } from '../../lib/i18n';
import { NotFoundPage } from '../../site/ErrorPages';
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
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <p className="p-8 text-danger">{errorMessage(query.error, trans('There was an issue. Please try again.'))}</p>;
  }
  if (!query.data) return <div className="mx-auto max-w-3xl p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-64 w-full" /></div>;
  // Keyed by the plan so a saved answer (new price ids) remounts the form with fresh rows.
  return <PlanForm key={`${query.data.id}-${query.data.updated_at}`} product={query.data} />;
}
