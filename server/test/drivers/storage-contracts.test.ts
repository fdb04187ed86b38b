import { afterAll, beforeAll, describe, it } from 'vitest';
import { DropboxStorage } from '../../src/drivers/storage/dropbox.ts';
import { FtpStorage } from '../../src/drivers/storage/ftp.ts';
import { S3Storage } from '../../src/drivers/storage/s3.ts';
import { API_ENDPOINTS } from '../../src/drivers/switch.ts';
import { storageContract } from '../storage-contract.ts';
import { hasBinary, startVsftpd, type Service } from './services.ts';
import { startDropboxServer } from './servers/dropbox.ts';
import { startS3Server } from './servers/s3.ts';

/* The remote drivers keep the Storage interface's rules (the same contract LocalStorage passes), against local servers. */

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dbx: Awaited<ReturnType<typeof startDropboxServer>>;
let ftp: Service | null = null;
const saved = { ...API_ENDPOINTS };
let run = 0;

beforeAll(async () => {
  s3 = await startS3Server('AKIDS3', ['contract']);
  dbx = await startDropboxServer({ key: 'appkey', secret: 'appsecret', refreshToken: 'refresh-abc' });
  API_ENDPOINTS.dropboxApi = dbx.url;
  API_ENDPOINTS.dropboxContent = dbx.url;
});
afterAll(async () => {
  Object.assign(API_ENDPOINTS, saved);
  await s3.close();
  await dbx.close();
  await ftp?.stop();
});

// Each test gets an empty store: its own key prefix in the bucket, its own folder on the FTP server.
storageContract('s3', () => new S3Storage({ key: 'AKIDS3', secret: 'secret', region: 'us-east-1', bucket: 'contract', endpoint: s3.endpoint }, `run${++run}/`));
// The contract's tests use distinct keys, so one Dropbox account serves them all.
storageContract('dropbox', () => new DropboxStorage({ appKey: 'appkey', appSecret: 'appsecret', refreshToken: 'refresh-abc' }));
if (hasBinary('vsftpd') && process.getuid?.() === 0) {
  storageContract('ftp', async () => {
    ftp ??= await startVsftpd();
    if (!ftp) throw new Error('vsftpd did not start');
    return new FtpStorage({ host: '127.0.0.1', port: ftp.port, username: 'anonymous', password: 'x', root: `/upload/run${++run}`, passive: true, ssl: false });
  });
} else {
  // A visible skip with its reason, so a machine without vsftpd does not pass the FTP contract silently.
  describe.skip(`ftp storage contract (${hasBinary('vsftpd') ? 'vsftpd needs root' : 'vsftpd is not installed: apt-get install vsftpd'})`, () => {
    it('runs the storage contract against vsftpd', () => {});
  });
}
