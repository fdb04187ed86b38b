import dns from 'node:dns';
import net from 'node:net';
import { translate } from '@app/contracts';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from 'undici';
import { HttpError } from '../http/errors.ts';

/**
 * One guard for requests the server makes to addresses an admin typed (credential checks, search engines, mail
 * APIs, Sentry, OAuth token calls; issue 17 item 16): the host is resolved and refused when any address is
 * loopback, private, link-local, unique-local, unspecified or a cloud metadata address, unless private networks
 * are allowed (setting `server.allow_private_networks`, env ALLOW_PRIVATE_NETWORKS=1 for tests against local fakes).
 * The connection uses the very address that was checked (undici `connect.lookup`), so a DNS answer that changes
 * between the check and the connect (rebinding) cannot reach an internal host; redirects are followed by hand and
 * each hop is checked again.
 */
type AllowPrivate = () => boolean | Promise<boolean>;
let allowPrivate: AllowPrivate = () => process.env.ALLOW_PRIVATE_NETWORKS === '1';

/** buildApp sets where the switch is read (the environment, then the setting). */
export function configureOutbound(fn: AllowPrivate): void {
  allowPrivate = fn;
}

export class OutboundRefused extends HttpError {
  constructor(host: string) {
    super(422, translate(undefined, 'The address :host is on a private or local network, which the server may not contact. Turn on Allow private networks on the General settings page to use it.', { host }));
    this.name = 'OutboundRefused';
  }
}

const blocked = new net.BlockList();
for (const [addr, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  blocked.addSubnet(addr, prefix, 'ipv4');
}
for (const [addr, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) blocked.addSubnet(addr, prefix, 'ipv6');

/** True for an address the server must not contact on an admin's say-so (IPv4-mapped IPv6 is read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = net.isIP(address);
  if (!family) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/** Resolves a host and answers its first address, or refuses it (422) when any address is private. */
export async function resolvePublic(hostname: string): Promise<{ address: string; family: number }> {
  const host = bare(hostname);
  const private_ = await allowPrivate();
  if (net.isIP(host)) {
    if (!private_ && isPrivateAddress(host)) throw new OutboundRefused(host);
    return { address: host, family: net.isIP(host) };
  }
  const addresses = await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => {
    throw new HttpError(422, translate(undefined, 'The host :host could not be found.', { host }));
  });
  if (!addresses.length) throw new HttpError(422, translate(undefined, 'The host :host could not be found.', { host }));
  if (!private_ && addresses.some((a) => isPrivateAddress(a.address))) throw new OutboundRefused(host);
  return addresses[0];
}

/** Checks a host or URL an admin entered (a TCP driver's host, a search engine URL) before a credential check. */
export async function assertPublicHost(hostOrUrl: string): Promise<void> {
  const value = hostOrUrl.trim();
  if (!value) return;
  let host = value;
  if (value.includes('://')) {
    try { host = new URL(value).hostname; } catch { return; }
  } else if (!net.isIP(bare(value))) {
    host = value.replace(/:\d+$/, '').replace(/\/.*$/, '');
  }
  await resolvePublic(host);
}

/** The connection goes to the address resolvePublic checked, whatever a second DNS answer would say. */
const agent = new Agent({
  connect: {
    lookup: (hostname, options, callback) => {
      resolvePublic(hostname).then(
        (a) => ((options as { all?: boolean }).all ? callback(null, [a] as never) : callback(null, a.address, a.family)),
        (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
      );
    },
  },
});

/** fetch for addresses an admin configured: private hosts refused (422), redirects checked hop by hop. */
export async function outboundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  let url = new URL(String(input));
  let options = init;
  for (let hop = 0; hop < 5; hop++) {
    // Checked before every request too: an IP literal skips the lookup hook, and a pooled keep-alive connection
    // made while private networks were allowed must not outlive that switch.
    await resolvePublic(url.hostname);
    const res = await undiciFetch(url, { ...(options as UndiciInit), redirect: 'manual', dispatcher: agent }).catch((err: unknown) => {
      const cause = (err as { cause?: unknown }).cause;
      throw cause instanceof HttpError ? cause : err;
    });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location || init.redirect === 'manual') return res as unknown as Response;
    await res.body?.cancel();
    url = new URL(location, url);
    // 303 (and a POST answered 301/302) continue as GET, as browsers and fetch do.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && options.method && options.method !== 'GET' && options.method !== 'HEAD')) {
      options = { ...options, method: 'GET', body: undefined };
    }
  }
  throw new HttpError(422, 'Too many redirects.');
}
