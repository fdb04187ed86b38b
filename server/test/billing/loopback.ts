import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a gateway stand-in on 127.0.0.1 (port 0: any free one). `close` first ends the responses a test left
 * hanging (a gateway that never answers), since server.close waits for every open request.
 */
export async function listenOnLoopback(server: http.Server, port: number, hanging: Set<http.ServerResponse>): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.close(() => resolve());
    }),
  };
}
