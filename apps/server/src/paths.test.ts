import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PRODUCTION_NODE_ARGS, SERVER_BUNDLE, SERVER_DIR } from './paths';

it('npm start runs the bundle with the production flags the tests and the benchmark use', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts['start:prod']).toBe(`NODE_ENV=production node ${PRODUCTION_NODE_ARGS.join(' ')} ${path.relative(SERVER_DIR, SERVER_BUNDLE)}`);
});
