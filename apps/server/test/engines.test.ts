import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Every installed package runs on the Node versions the README names (docs/decisions/031-first-hour.md):
 * the lowest release of each supported line, read from the lockfile that `npm ci` installs. A dependency
 * that moves to a newer Node makes `npm ci` warn EBADENGINE and fails here first.
 */
const SUPPORTED_NODE = ['20.19.0', '22.13.0', '24.0.0'];

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('engines', () => {
  it('every locked package accepts the Node versions the README names, and so does the project', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) continue;
      for (const version of SUPPORTED_NODE) {
        if (!semver.satisfies(version, range, { includePrerelease: true }))
          refused.push(`${location || 'the project'}@${entry.version ?? ''} needs node ${range}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
  });
});
