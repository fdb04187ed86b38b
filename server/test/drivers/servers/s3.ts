import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Obj { body: Buffer; modified: Date; type?: string }

/**
 * A local S3-compatible server for the calls the storage driver makes (path-style addressing):
 * HeadBucket, PutBucketCors, ListObjectsV2, DeleteObjects, PutObject, GetObject (ranges),
 * HeadObject, DeleteObject and the multipart upload calls. Requests must be SigV4-signed with `key`.
 */
export async function startS3Server(key: string, buckets: string[]) {
  const store = new Map<string, Map<string, Obj>>(buckets.map((b) => [b, new Map()]));
  const uploads = new Map<string, { bucket: string; key: string; parts: Map<number, Buffer> }>();
  const cors = new Map<string, string>();
  const calls: string[] = [];
  const etag = (b: Buffer) => `"${crypto.createHash('md5').update(b).digest('hex')}"`;
  const xml = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const error = (res: http.ServerResponse, status: number, code: string, message: string, head = false) => {
    if (head) { res.writeHead(status); res.end(); return; }
    xml(res, status, `<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, 'http://x');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const objectKey = rest.map(decodeURIComponent).join('/');
    const q = url.searchParams;
    const head = req.method === 'HEAD';
    calls.push(`${req.method} ${objectKey ? 'object' : 'bucket'}${[...q.keys()].filter((k) => k !== 'x-id').map((k) => `?${k}`).join('')}`);
    if (!String(req.headers.authorization ?? '').includes(`Credential=${key}/`)) return error(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', head);
    const bucket = store.get(bucketName);
    if (!bucket) return error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);

    if (!objectKey) {
      if (req.method === 'HEAD') { res.writeHead(200); return res.end(); }
      if (req.method === 'PUT' && q.has('cors')) { cors.set(bucketName, body.toString()); res.writeHead(200); return res.end(); }
      if (req.method === 'POST' && q.has('delete')) {
        for (const m of body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)) bucket.delete(m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<'));
        return xml(res, 200, '<DeleteResult></DeleteResult>');
      }
      if (req.method === 'GET' && q.get('list-type') === '2') {
        const prefix = q.get('prefix') ?? '';
        const all = [...bucket.keys()].filter((k) => k.startsWith(prefix)).sort();
        const start = Number(q.get('continuation-token') ?? 0);
        const page = all.slice(start, start + 2);
        const truncated = start + 2 < all.length;
        const contents = page.map((k) => `<Contents><Key>${k}</Key><Size>${bucket.get(k)!.body.length}</Size><LastModified>${bucket.get(k)!.modified.toISOString()}</LastModified></Contents>`).join('');
        return xml(res, 200, `<ListBucketResult><Name>${bucketName}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`);
      }
      return error(res, 400, 'NotImplemented', 'Unsupported bucket call');
    }

    if (req.method === 'POST' && q.has('uploads')) {
      const id = crypto.randomUUID();
      uploads.set(id, { bucket: bucketName, key: objectKey, parts: new Map() });
      return xml(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${objectKey}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (q.has('uploadId')) {
      const up = uploads.get(q.get('uploadId')!);
      if (!up) return error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      if (req.method === 'PUT') {
        up.parts.set(Number(q.get('partNumber')), body);
        res.writeHead(200, { etag: etag(body) });
        return res.end();
      }
      if (req.method === 'DELETE') { uploads.delete(q.get('uploadId')!); res.writeHead(204); return res.end(); }
      if (req.method === 'POST') {
        const whole = Buffer.concat([...up.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b));
        bucket.set(objectKey, { body: whole, modified: new Date() });
        uploads.delete(q.get('uploadId')!);
        return xml(res, 200, `<CompleteMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${objectKey}</Key><ETag>${etag(whole)}</ETag></CompleteMultipartUploadResult>`);
      }
    }
    if (req.method === 'PUT') {
      bucket.set(objectKey, { body, modified: new Date(), type: req.headers['content-type'] });
      res.writeHead(200, { etag: etag(body) });
      return res.end();
    }
    const obj = bucket.get(objectKey);
    if (req.method === 'DELETE') { bucket.delete(objectKey); res.writeHead(204); return res.end(); }
    if (!obj) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
    const headers = { 'content-length': String(obj.body.length), 'last-modified': obj.modified.toUTCString(), etag: etag(obj.body), 'content-type': obj.type ?? 'application/octet-stream' };
    if (head) { res.writeHead(200, headers); return res.end(); }
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), obj.body.length - 1) : obj.body.length - 1;
      const part = obj.body.subarray(start, end + 1);
      res.writeHead(206, { ...headers, 'content-length': String(part.length), 'content-range': `bytes ${start}-${end}/${obj.body.length}` });
      return res.end(part);
    }
    res.writeHead(200, headers);
    res.end(obj.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    store,
    uploads,
    cors,
    calls,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
