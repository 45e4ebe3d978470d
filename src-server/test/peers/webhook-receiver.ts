/**
 * A webhook receiver on 127.0.0.1 for tests (issue #31): records each POST with its raw body and
 * headers, checks the generic format's Filing-Signature with the secret it is told, and answers
 * what the test asks (a status, a redirect, silence past the sender's deadline, a body that must
 * never be stored).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, verifySignature } from '../../integrations/webhook/signature';
import { createInbox, type Inbox } from './inbox';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: Record<string, unknown>;
  /** The signature checked with the secret set for this path (null: none set). */
  signatureValid: boolean | null;
}

export type Answer = { status: number; body?: string; location?: string } | 'hang';

export interface WebhookReceiver {
  url: string;
  received: Inbox<ReceivedHook>;
  /** The secret to check Filing-Signature with on this path. */
  secretFor(path: string, secret: string): void;
  /** How the next requests to this path are answered (default 200). */
  answer(path: string, answer: Answer): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received = createInbox<ReceivedHook>();
  const secrets = new Map<string, string>();
  const answers = new Map<string, Answer>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const secret = secrets.get(path);
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(raw) as Record<string, unknown>;
      } catch {}
      const header = req.headers[SIGNATURE_HEADER];
      received.push({
        path,
        headers: req.headers,
        raw,
        json,
        signatureValid: secret ? verifySignature(secret, typeof header === 'string' ? header : undefined, raw) : null,
      });
      const answer = answers.get(path) ?? { status: 200 };
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    secretFor: (path, secret) => secrets.set(path, secret),
    answer: (path, answer) => answers.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
