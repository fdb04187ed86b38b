import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api';
import { trans } from '../../../lib/i18n';
import { formatFileSize } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/fields';
import { toast } from '../../../ui/Toast';
import { Section, SettingList, SettingNumber, SettingSelect, SettingSize, SettingSwitch, SettingText, SettingsForm, useSettingValue } from '../settings-form';

const privateDrivers = () => [
  { value: 'local', label: trans('Local disk') }, { value: 's3', label: 'Amazon S3' }, { value: 'digitalocean_s3', label: 'DigitalOcean Spaces' },
  { value: 'backblaze_s3', label: 'Backblaze B2' }, { value: 'ftp', label: 'FTP' }, { value: 'dropbox', label: 'Dropbox' }, { value: 'rackspace', label: 'Rackspace' },
];
const publicDrivers = () => [
  { value: 'local', label: trans('Local disk') }, { value: 's3', label: 'Amazon S3' }, { value: 'ftp', label: 'FTP' },
  { value: 'digitalocean', label: 'DigitalOcean Spaces' }, { value: 'backblaze', label: 'Backblaze B2' },
];

function ServerMaxSize() {
  const q = useQuery({ queryKey: ['uploads', 'detail', 'server-max-file-size'], queryFn: () => api.get<{ maxSize: number }>('uploads/server-max-file-size'), retry: false });
  if (!q.data) return null;
  // maxSize is the limit of one upload request (a chunk), not of a file: larger files arrive in several chunks.
  return <p className="text-sm text-text-muted">{trans('The server takes up to :size in one request; larger files are uploaded in chunks, so it sets no limit on a file\'s size.', { size: formatFileSize(q.data.maxSize) })}</p>;
}

/** Swaps a Dropbox access code for a refresh token and puts it in the form. */
function DropboxToken() {
  const { getValues, setValue } = useFormContext();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const run = useMutation({
    mutationFn: () => api.post<{ refreshToken: string }>('settings/uploading/dropbox-refresh-token', {
      app_key: getValues('server.storage_dropbox_app_key'), app_secret: getValues('server.storage_dropbox_app_secret'), access_code: code,
    }),
    onSuccess: (r) => { setError(undefined); setValue('server.storage_dropbox_refresh_token', r.refreshToken, { shouldDirty: true }); },
    onError: (e) => setError(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return (
    <div className="flex items-end gap-2">
      <TextField wrapperClassName="flex-1" label={trans('Access code')} description={trans('Open the app\'s authorization page on Dropbox, allow access and paste the code here.')} value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      <Button onClick={() => (code.trim() ? run.mutate() : setError(trans('Access code is required.')))} disabled={run.isPending}>{trans('Get refresh token')}</Button>
    </div>
  );
}

function S3Cors() {
  const run = useMutation({
    mutationFn: () => api.post('s3/cors/upload'),
    onSuccess: () => toast(trans('CORS file updated')),
    onError: (e) => toast.danger(errorMessage(e, trans('There was an issue. Please try again.'))),
  });
  return <div><Button onClick={() => run.mutate()} disabled={run.isPending}>{trans('Update CORS file')}</Button></div>;
}

function Credentials() {
  const priv = useSettingValue<string>('server.uploads_disk_driver');
  const pub = useSettingValue<string>('server.public_disk_driver');
  const uses = (...d: string[]) => d.includes(priv) || d.includes(pub);
  if (priv === 'local' && pub === 'local') return null;
  return (
    <>
      {uses('s3') && (
        <Section title="Amazon S3" group="s3_group">
          <SettingText name="server.storage_s3_key" label={trans('S3 key')} secret />
          <SettingText name="server.storage_s3_secret" label={trans('S3 secret')} secret />
          <SettingText name="server.storage_s3_region" label={trans('S3 region')} placeholder="us-east-1" />
          <SettingText name="server.storage_s3_bucket" label={trans('S3 bucket')} />
          <SettingText name="server.storage_s3_endpoint" label={trans('S3 endpoint')} description={trans('Only for S3-compatible services; leave empty for Amazon.')} />
          <S3Cors />
        </Section>
      )}
      {uses('digitalocean_s3', 'digitalocean') && (
        <Section title="DigitalOcean Spaces" group="digitalocean_group">
          <SettingText name="server.storage_digitalocean_key" label={trans('DigitalOcean key')} secret />
          <SettingText name="server.storage_digitalocean_secret" label={trans('DigitalOcean secret')} secret />
          <SettingText name="server.storage_digitalocean_region" label={trans('DigitalOcean region')} placeholder="nyc3" />
          <SettingText name="server.storage_digitalocean_bucket" label={trans('DigitalOcean bucket')} />
        </Section>
      )}
      {uses('backblaze_s3', 'backblaze') && (
        <Section title="Backblaze B2" group="backblaze_group">
          <SettingText name="server.storage_backblaze_key" label={trans('Backblaze key')} secret />
          <SettingText name="server.storage_backblaze_secret" label={trans('Backblaze secret')} secret />
          <SettingText name="server.storage_backblaze_region" label={trans('Backblaze region')} placeholder="us-west-002" />
          <SettingText name="server.storage_backblaze_bucket" label={trans('Backblaze bucket')} />
        </Section>
      )}
      {uses('ftp') && (
        <Section title="FTP" group="ftp_group">
          <SettingText name="server.storage_ftp_host" label={trans('FTP host')} />
          <SettingText name="server.storage_ftp_username" label={trans('FTP username')} />
          <SettingText name="server.storage_ftp_password" label={trans('FTP password')} secret />
          <SettingText name="server.storage_ftp_root" label={trans('FTP root folder')} placeholder="/" />
          <SettingNumber name="server.storage_ftp_port" label={trans('FTP port')} placeholder="21" min={0} />
          <SettingSwitch name="server.storage_ftp_passive" label={trans('Passive mode')} />
          <SettingSwitch name="server.storage_ftp_ssl" label={trans('Use SSL')} />
        </Section>
      )}
      {uses('dropbox') && (
        <Section title="Dropbox" group="dropbox_group">
          <SettingText name="server.storage_dropbox_app_key" label={trans('Dropbox app key')} secret />
          <SettingText name="server.storage_dropbox_app_secret" label={trans('Dropbox app secret')} secret />
          <SettingText name="server.storage_dropbox_refresh_token" label={trans('Dropbox refresh token')} secret />
          <DropboxToken />
        </Section>
      )}
    </>
  );
}

function Fields() {
  return (
    <>
      <Section title={trans('Storage')} group="storage_group">
        <SettingSelect name="server.uploads_disk_driver" label={trans('User uploads storage method')} description={trans('Where private uploads (videos, documents) are stored.')} options={privateDrivers()} />
        <SettingSelect name="server.public_disk_driver" label={trans('Public uploads storage method')} description={trans('Where public files (avatars, posters, branding) are stored.')} options={publicDrivers()} />
        <SettingSelect
          name="server.static_file_delivery"
          label={trans('Static file delivery')}
          description={trans('Let the web server in front send files stored on the local disk, once the site has checked who may open them. It needs that web server set up for it (see the README).')}
          options={[{ value: 'none', label: trans('None') }, { value: 'xsendfile', label: 'X-Sendfile (Apache)' }, { value: 'xaccel', label: 'X-Accel (Nginx)' }]}
        />
      </Section>
      <Section title={trans('Upload limits')}>
        <ServerMaxSize />
        <SettingSize name="client.uploads.chunk_size" label={trans('Chunk size')} description={trans('Large files are uploaded in chunks of this size.')} />
        <SettingSize name="client.uploads.max_size" label={trans('Maximum file size')} description={trans('Leave empty to accept files of any size; each user\'s available space still applies.')} nullable />
        <SettingSize name="client.uploads.available_space" label={trans('Available space')} description={trans('Space each user gets unless a role, plan or the user sets another. Leave empty for no limit.')} nullable />
        <SettingList name="client.uploads.allowed_extensions" label={trans('Allowed extensions')} description={trans('Comma separated, without dots. Leave empty to allow every extension not blocked.')} placeholder="jpg, png, mp4" />
        <SettingList name="client.uploads.blocked_extensions" label={trans('Blocked extensions')} placeholder="exe, php" />
        <SettingSwitch name="client.uploads.s3_direct_upload" label={trans('Direct upload to S3')} description={trans('Not available yet: files are always uploaded through the site, which streams them on to the storage, so this switch changes nothing.')} />
      </Section>
      <Credentials />
    </>
  );
}

export function Component() {
  return <SettingsForm title={trans('Uploading')} description={trans('Where files are stored and what may be uploaded.')}><Fields /></SettingsForm>;
}
