import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function which(bin: string): string | null {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]) {
    const p = path.join(dir, bin);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

async function waitForPort(port: number, child: ChildProcess, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} did not open`);
}

export interface Service {
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Starts a Debian server binary on a free loopback port for one test file, or answers null (and
 * says why) when the binary is not installed, so the test can skip. `.ci/run` installs them all.
 */
export async function startService(bin: string, args: (port: number, dir: string) => string[], opts: { port?: number } = {}): Promise<Service | null> {
  const exe = which(bin);
  if (!exe) {
    console.log(`[skip] ${bin} is not installed (apt-get install ${bin === 'redis-server' ? 'redis-server' : bin}); its driver tests are skipped`);
    return null;
  }
  const port = opts.port ?? await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${bin}-`));
  const child = spawn(exe, args(port, dir), { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr += d; });
  try {
    await waitForPort(port, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${bin} did not start: ${String(err)}\n${stderr}`, { cause: err });
  }
  return {
    port,
    dir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const startRedis = () => startService('redis-server', (port, dir) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]);
export const startMemcached = () => startService('memcached', (port) => ['-p', String(port), '-l', '127.0.0.1', '-U', '0', '-m', '16', ...(process.getuid?.() === 0 ? ['-u', 'nobody'] : [])]);
export const startBeanstalkd = () => startService('beanstalkd', (port) => ['-l', '127.0.0.1', '-p', String(port)]);

/** Polls until `fn` answers true (or throws after `ms`). */
export async function eventually(fn: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const hasBinary = (bin: string) => which(bin) !== null || spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/**
 * vsftpd with one anonymous, writable area under `/upload` (as root it drops to the `ftp` user for
 * transfers, which owns that folder). Answers null when vsftpd is missing or we are not root.
 */
export async function startVsftpd(): Promise<Service | null> {
  if (process.getuid?.() !== 0) {
    console.log('[skip] vsftpd needs root to start; its driver tests are skipped');
    return null;
  }
  const port = await freePort();
  const pasv = 30000 + Math.floor(Math.random() * 20000);
  return startService('vsftpd', (p, dir) => {
    const root = path.join(dir, 'root');
    fs.mkdirSync(path.join(root, 'upload'), { recursive: true });
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(root, 0o755);
    spawnSync('chown', ['ftp', path.join(root, 'upload')]);
    fs.mkdirSync('/var/run/vsftpd/empty', { recursive: true });
    const conf = path.join(dir, 'vsftpd.conf');
    fs.writeFileSync(conf, [
      'listen=YES', 'listen_address=127.0.0.1', `listen_port=${p}`, 'background=NO',
      'anonymous_enable=YES', 'local_enable=NO', 'write_enable=YES', 'anon_upload_enable=YES', 'anon_mkdir_write_enable=YES',
      'anon_other_write_enable=YES', 'anon_world_readable_only=NO', 'no_anon_password=YES', `anon_root=${root}`, 'anon_umask=022',
      'pasv_enable=YES', 'pasv_address=127.0.0.1', `pasv_min_port=${pasv}`, `pasv_max_port=${pasv + 50}`,
      'seccomp_sandbox=NO', 'secure_chroot_dir=/var/run/vsftpd/empty', 'xferlog_enable=NO', '',
    ].join('\n'));
    return [conf];
  }, { port });
}
