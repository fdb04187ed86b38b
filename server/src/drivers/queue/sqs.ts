import {
  ChangeMessageVisibilityCommand, DeleteMessageCommand, GetQueueAttributesCommand, GetQueueUrlCommand,
  ReceiveMessageCommand, SendMessageCommand, SQSClient,
} from '@aws-sdk/client-sqs';
import { reason } from '../switch.ts';
import { type JobRunner, type QueueDriver, type RetryPolicy } from './queue.ts';

/** The queue page's SQS fields. As in the settings the product was modelled on, the prefix is the queue URL without the name. */
export interface SqsSettings {
  key: string;
  secret: string;
  prefix: string;
  name: string;
  region: string;
}

function client(s: SqsSettings): SQSClient {
  let endpoint: string | undefined;
  if (s.prefix) endpoint = new URL(s.prefix).origin;
  return new SQSClient({
    region: s.region || 'us-east-1',
    endpoint,
    credentials: { accessKeyId: s.key, secretAccessKey: s.secret },
    maxAttempts: 2,
  });
}

async function queueUrl(sqs: SQSClient, s: SqsSettings): Promise<string> {
  if (s.prefix) return `${s.prefix.replace(/\/+$/, '')}/${s.name}`;
  const res = await sqs.send(new GetQueueUrlCommand({ QueueName: s.name }));
  return res.QueueUrl!;
}

/**
 * Jobs as SQS messages. A worker long-polls, deletes a message once its job succeeded, and on
 * failure hides it for the backoff (SQS counts receives, which gives the attempt number).
 * SQS cannot be asked about one message, so `pending` knows only about jobs this process ran.
 */
export class SqsQueue implements QueueDriver {
  private sqs: SQSClient;
  private url: Promise<string> | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private open = new Set<string>();

  constructor(private s: SqsSettings, private runner: JobRunner, private retry: RetryPolicy, private waitSeconds = 2) {
    this.sqs = client(s);
  }

  private queueUrl(): Promise<string> {
    this.url ??= queueUrl(this.sqs, this.s);
    this.url.catch(() => { this.url = null; });
    return this.url;
  }

  async dispatch(name: string, payload: unknown): Promise<string> {
    const res = await this.sqs.send(new SendMessageCommand({ QueueUrl: await this.queueUrl(), MessageBody: JSON.stringify({ name, payload: payload ?? null }) }));
    this.open.add(res.MessageId!);
    return res.MessageId!;
  }

  startWorker(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        try {
          this.abort = new AbortController();
          const res = await this.sqs.send(new ReceiveMessageCommand({
            QueueUrl: await this.queueUrl(),
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: this.waitSeconds,
            VisibilityTimeout: 600,
            MessageSystemAttributeNames: ['ApproximateReceiveCount'],
          }), { abortSignal: this.abort.signal });
          for (const m of res.Messages ?? []) await this.runOne(m);
        } catch (err) {
          if (!this.running) break;
          this.runner.log('SQS worker error', err);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    })();
  }

  private async runOne(m: { MessageId?: string; ReceiptHandle?: string; Body?: string; Attributes?: Record<string, string> }): Promise<void> {
    const { name, payload } = JSON.parse(m.Body ?? '{}');
    const QueueUrl = await this.queueUrl();
    try {
      await this.runner.run(name, payload);
    } catch (err) {
      const attempt = Number(m.Attributes?.ApproximateReceiveCount ?? 1);
      const wait = this.runner.retryIn(name, attempt, err);
      if (wait !== null) {
        // SQS holds a message back for at most 12 hours.
        const seconds = Math.min(43_200, Math.ceil(wait / 1000));
        await this.sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: seconds }));
        return;
      }
      await this.runner.failed('sqs', name, payload, err);
    }
    await this.sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: m.ReceiptHandle }));
    this.open.delete(m.MessageId!);
  }

  async stopWorker(): Promise<void> {
    this.running = false;
    this.abort?.abort();
    await this.loop;
    this.loop = null;
  }

  async pending(ids: string[]): Promise<string[]> {
    return ids.filter((id) => this.open.has(id));
  }

  async close(): Promise<void> {
    await this.stopWorker();
    this.sqs.destroy();
  }
}

/** Credential check for the settings page: the queue exists and these keys may read it. */
export async function checkSqs(s: SqsSettings): Promise<string | null> {
  const sqs = client(s);
  try {
    const QueueUrl = await queueUrl(sqs, s);
    await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }), { abortSignal: AbortSignal.timeout(5000) });
    return null;
  } catch (err) {
    return `Could not reach the SQS queue: ${reason(err)}`;
  } finally {
    sqs.destroy();
  }
}
