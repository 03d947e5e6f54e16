import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-protocol server for the tests, on loopback: moto's server (docs/decisions/045). It is
 * Python (moto with its server extras, in the machine image's Python), started per test file on
 * a free port in about a second and stopped with it; everything lives in its memory.
 *
 * Found as `MOTO_SERVER` (a command), else `moto_server` on the PATH or in pyenv's folders (a
 * shell without pyenv's PATH), else `python3 -m moto.server`.
 * Absent: the S3 tests skip with a message, unless S3_TESTS_REQUIRED=1 (set by .ci/run), where
 * they fail instead.
 */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'siniestros-test', secretAccessKey: 'siniestros-test-secret' };

function motoCommand(): string[] | null {
  if (process.env.MOTO_SERVER) return process.env.MOTO_SERVER.split(' ');
  if (spawnSync('moto_server', ['--help'], { stdio: 'ignore' }).status === 0) return ['moto_server'];
  const pyenv = process.env.PYENV_ROOT ?? path.join(os.homedir(), '.pyenv');
  const versions = fs.existsSync(path.join(pyenv, 'versions')) ? fs.readdirSync(path.join(pyenv, 'versions')).map((version) => path.join(pyenv, 'versions', version, 'bin')) : [];
  for (const dir of [path.join(pyenv, 'shims'), ...versions]) {
    const candidate = path.join(dir, 'moto_server');
    if (fs.existsSync(candidate) && spawnSync(candidate, ['--help'], { stdio: 'ignore' }).status === 0) return [candidate];
  }
  if (spawnSync('python3', ['-c', 'import moto.server, flask, flask_cors'], { stdio: 'ignore' }).status === 0) return ['python3', '-m', 'moto.server'];
  return null;
}

const command = motoCommand();
export const s3ServerAvailable = command !== null;
export const s3Required = process.env.S3_TESTS_REQUIRED === '1';
export const s3SkipReason = s3ServerAvailable
  ? null
  : 'moto_server not found (moto with its server extras, in Python): the S3 storage tests are skipped here; .ci/run requires them';
if (!s3ServerAvailable) {
  if (s3Required) throw new Error(`S3_TESTS_REQUIRED=1 but ${s3SkipReason}`);
  console.warn(`SKIPPED: ${s3SkipReason}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type S3TestServer = {
  endpoint: string;
  client: S3Client;
  createBucket: (name: string) => Promise<void>;
  /** The environment that points the app at `bucket` on this server (STORAGE=s3). */
  env: (bucket: string) => Record<string, string>;
  stop: () => Promise<void>;
};

export async function startS3Server(): Promise<S3TestServer> {
  if (!command) throw new Error(s3SkipReason!);
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const [program, ...args] = command;
    const child: ChildProcess = spawn(program!, [...args, '-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const endpoint = `http://127.0.0.1:${port}`;
    const started = Date.now();
    let up = false;
    while (Date.now() - started < 15_000 && child.exitCode === null) {
      up = await fetch(endpoint).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!up) {
      child.kill('SIGKILL');
      if (attempt < 2) continue; // the port was taken meanwhile
      throw new Error(`moto_server did not start on ${endpoint}: ${stderr}`);
    }
    const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
    return {
      endpoint,
      client,
      async createBucket(name) {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      },
      env: (bucket) => ({
        STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      }),
      async stop() {
        client.destroy();
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      },
    };
  }
}
