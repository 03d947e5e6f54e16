import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isStatementTimeout, lockDataDir } from './client';

describe('the PGlite data directory lock', () => {
  const dirs: string[] = [];
  const newPgdata = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siniestros-lock-'));
    dirs.push(dir);
    return path.join(dir, 'pgdata');
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('refuses a second holder, in this process or another live one, until released', () => {
    const pgdata = newPgdata();
    const unlock = lockDataDir(pgdata);
    expect(() => lockDataDir(pgdata)).toThrow(/in use by process/);
    unlock();
    lockDataDir(pgdata)();
  });

  it('takes over a lock left by a process that is gone, even when its pid was reused', () => {
    const pgdata = newPgdata();
    const lockFile = `${pgdata}.lock`;
    fs.mkdirSync(pgdata, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 7, start: '1' }));
    lockDataDir(pgdata)();
    // Same pid as a running process (a restarted container's pid 1) but another start time.
    fs.writeFileSync(lockFile, JSON.stringify({ pid: process.pid, start: 'otro-arranque' }));
    lockDataDir(pgdata)();
    fs.writeFileSync(lockFile, 'basura');
    lockDataDir(pgdata)();
  });
});

describe('database error classification', () => {
  it('tells an unreachable database from a slow statement and from other errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code: '57P01' } })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isStatementTimeout({ message: 'Failed query', cause: { code: '57014' } })).toBe(true);
    expect(isStatementTimeout(new Error('other'))).toBe(false);
  });
});
