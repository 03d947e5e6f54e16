import pg from 'pg';

/**
 * Several PostgreSQL hosts in one `DATABASE_URL`, as libpq writes them
 * (`postgres://user@db1:5432,db2:5432/siniestros?target_session_attrs=read-write`): a primary and
 * its standbys. node-postgres connects to one host only, so the pool connects to the one found
 * writable and looks again when it fails or turns out to be a standby (docs/decisions/051).
 */
export type HostList = {
  /** One single-host connection string per host, in the order written. */
  urls: string[];
  /** `host:port` per host, for messages. */
  names: string[];
};

/** Refused: every listed host is down or a standby (a failover under way). Counts as "unavailable". */
export const NO_PRIMARY = 'NO_PRIMARY';

const MULTI_HOST_URL = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i;

/** The hosts of a multi-host URL; null for a URL naming one host (it is used as written). */
export function parseHostList(url: string): HostList | null {
  const match = MULTI_HOST_URL.exec(url);
  if (!match) return null;
  const [, scheme, userinfo = '', hostPart, rest] = match as unknown as [string, string, string | undefined, string, string];
  if (!hostPart.includes(',')) return null;
  const hosts = hostPart.split(',').map((item) => {
    const hostPort = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(item.trim());
    if (!hostPort) throw new Error(`DATABASE_URL: cannot read the host "${item}"`);
    return { host: hostPort[1]!, port: hostPort[2] ?? '5432' };
  });
  const [pathPart, query = ''] = rest.split(/\?(.*)/s, 2) as [string, string | undefined];
  const params = new URLSearchParams(query);
  const attrs = params.get('target_session_attrs');
  // The app writes: only a writable host will do, whatever libpq's default ('any') would pick.
  if (attrs !== null && attrs !== 'read-write' && attrs !== 'primary') {
    throw new Error(`DATABASE_URL: target_session_attrs=${attrs} is not supported (the app needs the writable host: read-write)`);
  }
  params.delete('target_session_attrs');
  const tail = `${pathPart}${params.size > 0 ? `?${params.toString()}` : ''}`;
  return {
    urls: hosts.map(({ host, port }) => `${scheme}${userinfo}${host}:${port}${tail}`),
    names: hosts.map(({ host, port }) => `${host}:${port}`),
  };
}

/** Connects a client and asks whether its server is a standby; ends it if so (or on any failure). */
async function isWritable(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
  return !rows[0]!.standby;
}

export type PrimaryFinder = {
  hosts: HostList;
  /** The writable host's index, looked for (all hosts at once) when not known. */
  current: () => Promise<number>;
  /** The known primary failed or is a standby now: the next connection looks again. */
  forget: () => void;
  /** Looks for the writable host now (the availability probe): rejects when none is. */
  find: () => Promise<number>;
  /** A pg.Client class that connects to the writable host (the pool's and the listener's). */
  Client: typeof pg.Client;
};

export function createPrimaryFinder(hosts: HostList, probeTimeoutMs: number): PrimaryFinder {
  let known: number | null = null;
  let search: Promise<number> | null = null;

  async function probe(index: number): Promise<boolean> {
    const client = new pg.Client({ connectionString: hosts.urls[index], connectionTimeoutMillis: probeTimeoutMs, query_timeout: probeTimeoutMs });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await isWritable(client);
    } finally {
      void client.end().catch(() => undefined);
    }
  }

  /** Every host at once; the first in the written order that is writable wins (libpq's order). */
  function find(): Promise<number> {
    search ??= Promise.all(hosts.urls.map((_, index) => probe(index).catch(() => false)))
      .then((writable) => {
        const index = writable.indexOf(true);
        if (index < 0) {
          known = null;
          throw Object.assign(new Error(`No writable PostgreSQL among ${hosts.names.join(', ')}`), { code: NO_PRIMARY });
        }
        known = index;
        return index;
      })
      .finally(() => (search = null));
    return search;
  }

  const finder: Omit<PrimaryFinder, 'Client'> = {
    hosts,
    current: () => (known !== null ? Promise.resolve(known) : find()),
    forget: () => void (known = null),
    find,
  };

  class PrimaryClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'object' ? config : {}), connectionString: hosts.urls[known ?? 0] });
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const connecting = this.connectToPrimary().then(() => this);
      if (!callback) return connecting;
      connecting.then(() => callback(undefined as unknown as Error), callback);
    }

    private async connectToPrimary(): Promise<void> {
      const index = await finder.current();
      const target = new URL(hosts.urls[index]!);
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = target.hostname.replace(/^\[|\]$/g, '');
      self.port = self.connectionParameters.port = Number(target.port);
      try {
        await super.connect();
        if (await isWritable(this)) return;
        throw Object.assign(new Error(`${hosts.names[index]} is a standby now`), { code: NO_PRIMARY });
      } catch (error) {
        if (known === index) finder.forget();
        void this.end().catch(() => undefined);
        throw error;
      }
    }
  }

  return { ...finder, Client: PrimaryClient };
}
