import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client';
import { NO_PRIMARY, parseHostList } from './primary';

describe('a DATABASE_URL naming several hosts (docs/decisions/051)', () => {
  it('is read as one single-host URL per host, in order, without target_session_attrs', () => {
    expect(parseHostList('postgres://app:s%40cret@db1:5432,db2:5433,10.0.0.3/siniestros?target_session_attrs=read-write&sslmode=require')).toEqual({
      urls: [
        'postgres://app:s%40cret@db1:5432/siniestros?sslmode=require',
        'postgres://app:s%40cret@db2:5433/siniestros?sslmode=require',
        'postgres://app:s%40cret@10.0.0.3:5432/siniestros?sslmode=require',
      ],
      names: ['db1:5432', 'db2:5433', '10.0.0.3:5432'],
    });
    expect(parseHostList('postgresql://[::1]:5432,[::1]:5433/db')?.urls).toEqual(['postgresql://[::1]:5432/db', 'postgresql://[::1]:5433/db']);
  });

  it('leaves a one-host URL alone and refuses a target the app cannot write to', () => {
    expect(parseHostList('postgres://postgres@127.0.0.1:5432/test')).toBeNull();
    expect(parseHostList('postgres://u@db1,db2/x?target_session_attrs=primary')?.names).toEqual(['db1:5432', 'db2:5432']);
    expect(() => parseHostList('postgres://u@db1,db2/x?target_session_attrs=any')).toThrow(/target_session_attrs=any is not supported/);
    expect(() => parseHostList('postgres://u@db1,db2:x/x')).toThrow(/cannot read the host/);
  });

  it('counts "no writable host yet" and a write refused by a standby as the database being unavailable (503)', () => {
    expect(isDatabaseUnavailable({ code: NO_PRIMARY })).toBe(true);
    expect(isDatabaseUnavailable({ code: '25006' })).toBe(true);
  });
});
