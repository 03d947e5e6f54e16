import pg from 'pg';
import { DemoGenerator, DEMO_TABLE_NAMES, DEMO_TABLES } from './demo-data';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/sd_dev' });
const c = await pool.connect();
const ctx = { companias: [1,2,3,4,5,6,7,8,9,10,11,12], analistas: [{id:1,nombre:'a',apellido:'b'}], inspectores: [1,2], responsabilidades: [1], productos: [{id:1,nombre:'Lesiones'},{id:2,nombre:'Daños Materiales'}], estados: new Map(), tiposDoc: [{id:1,nombre:'DNI'}] };
const g = new DemoGenerator(ctx, { seed: 1, until: '2026-11-22', totalCases: 20000 });
let t = performance.now();
const ids: any = {}; for (const n of DEMO_TABLE_NAMES) ids[n] = 10_000_000;
const batch = g.generate(0, 5000, ids);
console.log('gen 5000', performance.now() - t);
await c.query('BEGIN');
await c.query('ALTER TABLE casos DISABLE TRIGGER USER');
for (const n of DEMO_TABLE_NAMES) {
  const spec = DEMO_TABLES[n];
  const sql = `INSERT INTO ${n} (${spec.columns.map(([x]) => `"${x}"`).join(',')}) SELECT * FROM unnest(${spec.columns.map(([, ty], i) => `$${i + 1}::${ty}[]`).join(',')})`;
  t = performance.now();
  await c.query(sql, batch[n].columns);
  console.log(n, batch[n].size, Math.round(performance.now() - t));
}
await c.query('ROLLBACK');
c.release(); await pool.end();
