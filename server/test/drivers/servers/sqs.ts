import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Message { id: string; body: string; receives: number; visibleAt: number; receipt: string | null }

/**
 * A local server speaking the subset of the Amazon SQS JSON protocol (AWS JSON 1.0, X-Amz-Target
 * AmazonSQS.<Action>) the queue driver uses: GetQueueUrl, GetQueueAttributes, SendMessage,
 * ReceiveMessage (with long polling), DeleteMessage, ChangeMessageVisibility.
 */
export async function startSqsServer(queues: string[] = ['default']) {
  const store = new Map<string, Message[]>(queues.map((q) => [q, []]));
  const calls: string[] = [];
  const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
  const queueOf = (url: string) => store.get(new URL(url).pathname.split('/').pop() ?? '');

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const action = String(req.headers['x-amz-target'] ?? '').replace('AmazonSQS.', '');
    const input = raw ? JSON.parse(raw) : {};
    calls.push(action);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': crypto.randomUUID() });
      res.end(JSON.stringify(body));
    };
    const missing = () => send(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' });
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) return send(403, { __type: 'com.amazon.coral.service#MissingAuthenticationTokenException', message: 'Missing Authentication Token' });
    const port = (server.address() as AddressInfo).port;
    switch (action) {
      case 'GetQueueUrl':
        return store.has(input.QueueName) ? send(200, { QueueUrl: `http://127.0.0.1:${port}/000000000000/${input.QueueName}` }) : missing();
      case 'GetQueueAttributes': {
        const q = queueOf(input.QueueUrl);
        return q ? send(200, { Attributes: { ApproximateNumberOfMessages: String(q.length) } }) : missing();
      }
      case 'SendMessage': {
        const q = queueOf(input.QueueUrl);
        if (!q) return missing();
        const m: Message = { id: crypto.randomUUID(), body: input.MessageBody, receives: 0, visibleAt: 0, receipt: null };
        q.push(m);
        return send(200, { MessageId: m.id, MD5OfMessageBody: md5(m.body) });
      }
      case 'ReceiveMessage': {
        const q = queueOf(input.QueueUrl);
        if (!q) return missing();
        const end = Date.now() + (input.WaitTimeSeconds ?? 0) * 1000;
        let ready: Message[];
        for (;;) {
          ready = q.filter((m) => m.visibleAt <= Date.now()).slice(0, input.MaxNumberOfMessages ?? 1);
          if (ready.length || Date.now() >= end || req.destroyed) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        for (const m of ready) {
          m.receives++;
          m.receipt = crypto.randomUUID();
          m.visibleAt = Date.now() + (input.VisibilityTimeout ?? 30) * 1000;
        }
        return send(200, { Messages: ready.map((m) => ({ MessageId: m.id, ReceiptHandle: m.receipt, MD5OfBody: md5(m.body), Body: m.body, Attributes: { ApproximateReceiveCount: String(m.receives) } })) });
      }
      case 'DeleteMessage': {
        const q = queueOf(input.QueueUrl);
        if (!q) return missing();
        const i = q.findIndex((m) => m.receipt === input.ReceiptHandle);
        if (i >= 0) q.splice(i, 1);
        return send(200, {});
      }
      case 'ChangeMessageVisibility': {
        const m = queueOf(input.QueueUrl)?.find((x) => x.receipt === input.ReceiptHandle);
        if (m) m.visibleAt = Date.now() + input.VisibilityTimeout * 1000;
        return send(200, {});
      }
      default:
        return send(400, { __type: 'com.amazonaws.sqs#InvalidAction', message: `Unsupported action ${action}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    prefix: `http://127.0.0.1:${port}/000000000000`,
    store,
    calls,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
