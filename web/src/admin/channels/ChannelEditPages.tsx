import { useParams } from 'react-router';
import { trans } from '../../lib/i18n';
import { NotFoundPage } from '../../site/ErrorPages';
import { useChannel } from './api';
import { ChannelForm } from './ChannelForm';

function EditPage({ type }: { type: 'channel' | 'list' }) {
  const { slugOrId } = useParams();
  const query = useChannel(slugOrId);
  if (query.isPending) return <div className="p-8" role="status" aria-label={trans('Loading')}><div className="skeleton h-8 w-64" /></div>;
  if (!query.data || query.data.type !== type) return <NotFoundPage />;
  // Keyed by version: after a save the form starts from what the server stored.
  return <ChannelForm key={`${query.data.id}:${query.data.version}:${query.data.auto_updated_at}`} channel={query.data} type={type} />;
}

/** `channels/new`, `channels/{slugOrId}/edit`, `lists/new`, `lists/{slugOrId}/edit`. */
export const NewChannelPage = () => <ChannelForm type="channel" />;
export const EditChannelPage = () => <EditPage type="channel" />;
export const NewListPage = () => <ChannelForm type="list" />;
export const EditListPage = () => <EditPage type="list" />;
