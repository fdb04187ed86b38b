import { PassThrough, type Readable } from 'node:stream';
import { DriverSwitch, type SettingsReader } from '../switch.ts';
import { checkDropbox, DropboxStorage } from './dropbox.ts';
import { checkFtp, FtpStorage } from './ftp.ts';
import { checkS3, s3Endpoint, S3Storage } from './s3.ts';
import type { ByteRange, PutOptions, StorageStat, Storage } from './storage.ts';

type Get = (key: string) => Promise<any>;
/** The public disk's choices name the same S3-compatible services without the suffix. */
const canonical = (d: string) => (d === 'digitalocean' ? 'digitalocean_s3' : d === 'backblaze' ? 'backblaze_s3' : d);

/** Driver names a file entry may record (`file_entries.disk`), as `diskConfig` answers them. */
export const STORAGE_DRIVERS = ['local', 's3', 'digitalocean_s3', 'backblaze_s3', 'ftp', 'dropbox'] as const;

/** The settings one storage driver reads: `disk` is `uploads` (private) or `public`. */
export async function diskConfig(get: Get, disk: 'uploads' | 'public') {
  return driverConfig(get, await get(disk === 'uploads' ? 'uploads_disk_driver' : 'public_disk_driver'));
}

/** One named driver built from the current settings' credentials for it, whichever driver the disk selects now. */
export async function driverConfig(get: Get, name: string) {
  const driver = canonical(name);
  switch (driver) {
    case 's3': case 'digitalocean_s3': case 'backblaze_s3': {
      const vendor = driver === 's3' ? 's3' : driver.replace('_s3', '');
      const region = await get(`storage_${vendor}_region`);
      return {
        driver, s3: {
          key: await get(`storage_${vendor}_key`), secret: await get(`storage_${vendor}_secret`), region, bucket: await get(`storage_${vendor}_bucket`),
          endpoint: s3Endpoint(driver, region, driver === 's3' ? await get('storage_s3_endpoint') : ''),
        },
      } as const;
    }
    case 'ftp': return {
      driver, ftp: {
        host: await get('storage_ftp_host'), username: await get('storage_ftp_username'), password: await get('storage_ftp_password'), root: await get('storage_ftp_root'),
        port: await get('storage_ftp_port'), passive: await get('storage_ftp_passive'), ssl: await get('storage_ftp_ssl'),
      },
    } as const;
    case 'dropbox': return { driver, dropbox: { appKey: await get('storage_dropbox_app_key'), appSecret: await get('storage_dropbox_app_secret'), refreshToken: await get('storage_dropbox_refresh_token') } } as const;
    default: return { driver: 'local' } as const;
  }
}

/** Whether the settings hold credentials for a driver (the local disk needs none): only then can it hold files. */
function hasCredentials(c: Awaited<ReturnType<typeof driverConfig>>): boolean {
  switch (c.driver) {
    case 's3': case 'digitalocean_s3': case 'backblaze_s3': return Boolean(c.s3.key && c.s3.bucket);
    case 'ftp': return Boolean(c.ftp.host);
    case 'dropbox': return Boolean(c.dropbox.refreshToken);
    default: return true;
  }
}

/**
 * One disk (private uploads or public files) that follows its settings: every call reads the
 * selected driver, so a saved change applies to the next file. `local` is the disk the app
 * already has (LocalStorage under storage/), passed in.
 */
const ABSENT_KEYS = 10_000;
const ABSENT_MS = 60_000;

export class SwitchingDisk implements Storage {
  private drivers: DriverSwitch<Awaited<ReturnType<typeof diskConfig>>, Storage>;
  /** Drivers asked for by name (files stored before the disk was switched), each rebuilt when its credentials change. */
  private named = new Map<string, DriverSwitch<Awaited<ReturnType<typeof diskConfig>>, Storage>>();
  private get: Get;
  private build: (c: Awaited<ReturnType<typeof diskConfig>>) => Storage;
  private dispose: (d: Storage) => void;

  constructor(settings: SettingsReader, private disk: 'uploads' | 'public', private local: Storage) {
    this.get = (k) => settings.get(`server.${k}` as never);
    this.build = (c): Storage => {
      switch (c.driver) {
        case 's3': case 'digitalocean_s3': case 'backblaze_s3': return new S3Storage(c.s3);
        case 'ftp': return new FtpStorage(c.ftp);
        case 'dropbox': return new DropboxStorage(c.dropbox);
        default: return local;
      }
    };
    this.dispose = (d) => { if (d !== local) (d as { close?(): void }).close?.(); };
    this.drivers = new DriverSwitch(() => diskConfig(this.get, disk), this.build, this.dispose);
  }

  /** The driver the next call uses. */
  current() { return this.drivers.get(); }

  /** The name of the driver the next call uses ('local', 's3', ...), as a file entry records it. */
  async currentName(): Promise<string> { return (await diskConfig(this.get, this.disk)).driver; }

  /**
   * A specific driver by name, built from the current settings' credentials for it: a file stays readable
   * and deletable on the driver it was stored on after the disk is switched. An unknown name is the current driver.
   */
  async driver(name: string | null | undefined): Promise<Storage> {
    const wanted = canonical(name ?? '');
    if (!(STORAGE_DRIVERS as readonly string[]).includes(wanted) || wanted === await this.currentName()) return this.current();
    if (wanted === 'local') return this.local;
    let sw = this.named.get(wanted);
    if (!sw) this.named.set(wanted, sw = new DriverSwitch(() => driverConfig(this.get, wanted), this.build, this.dispose));
    return sw.get();
  }

  /**
   * The drivers other than the selected one that may still hold this disk's older files: the local disk, then every
   * remote driver the settings still hold credentials for (nothing moves files when the disk is switched).
   */
  private async previous(): Promise<Storage[]> {
    const selected = await this.currentName();
    const found: Storage[] = [];
    for (const name of STORAGE_DRIVERS) {
      if (name === selected) continue;
      if (name === 'local') found.push(this.local);
      else if (hasCredentials(await driverConfig(this.get, name))) found.push(await this.driver(name));
    }
    return found;
  }

  /**
   * Where an object stored on this disk is now: the selected driver, else the first previous one holding it. Files
   * written before the disk was switched (local to S3, S3 back to local, S3 to FTP) stay where they were, so they
   * are still found.
   */
  async locate(key: string): Promise<{ driver: Storage; stat: StorageStat } | null> {
    const current = await this.current();
    const stat = await current.stat(key).catch(() => null);
    if (stat) return { driver: current, stat };
    const selected = await this.currentName();
    if (this.absent.selected !== selected) this.absent = { selected, until: new Map() };
    const until = this.absent.until.get(key);
    if (until !== undefined && until > Date.now()) return null;
    const previous = (await this.previous()).filter((d) => d !== current);
    for (const driver of previous) {
      const old = await driver.stat(key).catch(() => null);
      if (old) return { driver, stat: old };
    }
    if (previous.some((d) => d !== this.local)) this.rememberAbsent(key);
    return null;
  }

  /**
   * Keys the previous drivers did not hold, for a minute: a missing poster asked for on every page view (or a
   * stream of made-up paths) would otherwise cost a round trip to every remote service the settings still name.
   * Nothing new is written to a previous driver, so a miss stays true until the selected driver changes (which
   * forgets them all); a file written since is found on the selected driver, which is always asked first.
   */
  private absent: { selected: string; until: Map<string, number> } = { selected: '', until: new Map() };
  private rememberAbsent(key: string): void {
    const { until } = this.absent;
    if (until.size >= ABSENT_KEYS) until.delete(until.keys().next().value!);
    until.set(key, Date.now() + ABSENT_MS);
  }
  async put(key: string, body: Readable | Buffer, options?: PutOptions) { return (await this.current()).put(key, body, options); }

  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    this.current().then((d) => {
      // Every failure, even a refused key, reaches the caller as the stream's error.
      const src = d.read(key, range);
      src.on('error', (err) => out.destroy(err));
      src.pipe(out);
    }).catch((err) => out.destroy(err));
    return out;
  }

  async stat(key: string): Promise<StorageStat | null> { return (await this.current()).stat(key); }
  async exists(key: string) { return (await this.current()).exists(key); }
  /**
   * A deleted public file is gone from the previous drivers too, where `locate` would still find one stored before a
   * switch. A previous remote service that no longer answers does not stop the delete.
   */
  async delete(key: string) { await this.deleteMany([key]); }
  async deleteMany(keys: string[]) {
    const current = await this.current();
    await current.deleteMany(keys);
    if (this.disk !== 'public') return;
    for (const driver of await this.previous()) {
      if (driver === current) continue;
      if (driver === this.local) await driver.deleteMany(keys);
      else await driver.deleteMany(keys).catch(() => undefined);
    }
  }
  async *list(prefix: string) { yield* (await this.current()).list(prefix); }
  async close() { await Promise.all([this.drivers.close(), ...[...this.named.values()].map((d) => d.close())]); }
}

/**
 * The uploading page's check: each selected remote disk accepts its credentials. With `only`, just the
 * disks using those drivers are tried (one credential section of the page each).
 */
export async function checkStorage(values: Record<string, unknown>, only?: string[]): Promise<string | null> {
  const get: Get = async (k) => values[`server.${k}`];
  const tried = new Set<string>();
  for (const disk of ['uploads', 'public'] as const) {
    const c = await diskConfig(get, disk);
    if (only && !only.includes(c.driver)) continue;
    // Both disks on the same service with the same credentials: one check is enough.
    const sig = JSON.stringify(c);
    if (tried.has(sig)) continue;
    tried.add(sig);
    const error = c.driver === 'ftp' ? await checkFtp(c.ftp)
      : c.driver === 'dropbox' ? await checkDropbox(c.dropbox)
        : c.driver === 'local' ? null : await checkS3(c.s3);
    if (error) return error;
  }
  return null;
}

/** Drivers the settings offer that this server has no client for; saving them would silently store on the local disk. */
export function checkDiskDrivers(values: Record<string, unknown>): string | null {
  if (values['server.uploads_disk_driver'] === 'rackspace') return 'Rackspace storage is not supported. Choose another storage method.';
  return null;
}

/**
 * `ctx.storage`: one Storage over the two disks. Keys under `public/` (files served at /storage/*:
 * avatars, branding, page media, catalogue images) live on the public disk; every other key (private
 * uploads and their chunks, thumbnails, CSV exports, sitemaps, the analytics certificate) on the uploads disk.
 * Each disk follows its own setting (`server.public_disk_driver`, `server.uploads_disk_driver`) at the next call.
 */
/** Told of each key stored or deleted through `ctx.storage` (files/storage-meter.ts notes the public disk's sizes). Never throws. */
export interface StorageListener {
  stored(key: string): Promise<void>;
  deleted(keys: string[]): Promise<void>;
}

export class AppStorage implements Storage {
  readonly uploads: SwitchingDisk;
  readonly public: SwitchingDisk;
  listener: StorageListener | null = null;

  constructor(settings: SettingsReader, local: Storage) {
    this.uploads = new SwitchingDisk(settings, 'uploads', local);
    this.public = new SwitchingDisk(settings, 'public', local);
  }

  /** The disk a key (or a list prefix) belongs to. */
  disk(key: string): SwitchingDisk {
    return key === 'public' || key.startsWith('public/') ? this.public : this.uploads;
  }

  /** A named driver of the disk a key belongs to: where a file entry recorded its bytes went (`file_entries.disk`). */
  driver(name: string | null | undefined, key: string) { return this.disk(key).driver(name); }

  async put(key: string, body: Readable | Buffer, options?: PutOptions) {
    await this.disk(key).put(key, body, options);
    await this.listener?.stored(key);
  }
  read(key: string, range?: ByteRange) { return this.disk(key).read(key, range); }
  stat(key: string) { return this.disk(key).stat(key); }
  exists(key: string) { return this.disk(key).exists(key); }
  async delete(key: string) {
    await this.disk(key).delete(key);
    await this.listener?.deleted([key]);
  }
  async deleteMany(keys: string[]) {
    const pub = keys.filter((k) => this.disk(k) === this.public);
    const rest = keys.filter((k) => this.disk(k) !== this.public);
    if (pub.length) await this.public.deleteMany(pub);
    if (rest.length) await this.uploads.deleteMany(rest);
    await this.listener?.deleted(keys);
  }
  list(prefix: string) { return this.disk(prefix).list(prefix); }
  async close() { await Promise.all([this.uploads.close(), this.public.close()]); }
}
