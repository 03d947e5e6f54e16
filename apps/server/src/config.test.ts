import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROL } from '@siniestros/domain';
import { loadConfig } from './config';

/** docs/decisions/028: the second factor's requirement and the session lifetimes. */
describe('REQUIRE_TOTP', () => {
  it('is Admins in production and off elsewhere when nothing is set', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ requireTotp: 'admins', totpRequiredRoles: [ROL.ADMIN] });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ requireTotp: 'off', totpRequiredRoles: [] });
    expect(loadConfig({})).toMatchObject({ requireTotp: 'off' });
  });

  it('takes all, admins or off; the older ADMIN_REQUIRE_TOTP still means admins or off', () => {
    expect(loadConfig({ REQUIRE_TOTP: 'all' }).totpRequiredRoles).toEqual([ROL.ADMIN, ROL.USER, ROL.INSPECTOR]);
    expect(loadConfig({ NODE_ENV: 'production', REQUIRE_TOTP: 'off' }).totpRequiredRoles).toEqual([]);
    expect(loadConfig({ ADMIN_REQUIRE_TOTP: 'true' }).requireTotp).toBe('admins');
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_REQUIRE_TOTP: 'false' }).requireTotp).toBe('off');
    // REQUIRE_TOTP wins over the older setting.
    expect(loadConfig({ REQUIRE_TOTP: 'all', ADMIN_REQUIRE_TOTP: 'false' }).requireTotp).toBe('all');
    expect(() => loadConfig({ REQUIRE_TOTP: 'users' })).toThrow(/REQUIRE_TOTP/);
  });
});

describe('session lifetimes', () => {
  it('idle 30 minutes by default, shorter than the absolute 4 hours', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_HOURS: 4, SESSION_IDLE_MINUTES: 30 });
  });

  it('refuses an idle limit that is not shorter than the absolute one', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '240' })).toThrow(/SESSION_IDLE_MINUTES: must be shorter than SESSION_HOURS/);
    expect(() => loadConfig({ SESSION_HOURS: '0.25' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(loadConfig({ SESSION_HOURS: '8', SESSION_IDLE_MINUTES: '240' }).SESSION_IDLE_MINUTES).toBe(240);
  });
});

describe('DATA_DIR', () => {
  it('a relative one is taken from where npm was run (INIT_CWD), else from the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'datos', INIT_CWD: '/srv/oficina' }).dataDir).toBe('/srv/oficina/datos');
    expect(loadConfig({ DATA_DIR: './data', INIT_CWD: '/srv/oficina' }).dataDir).toBe('/srv/oficina/data');
    expect(loadConfig({ DATA_DIR: '/var/lib/siniestros', INIT_CWD: '/srv/oficina' }).dataDir).toBe('/var/lib/siniestros');
    expect(loadConfig({ DATA_DIR: 'datos' }).dataDir).toBe(path.resolve('datos'));
  });
});
