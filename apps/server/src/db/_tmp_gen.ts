import { DemoGenerator, DEMO_TABLE_NAMES } from './demo-data';
const ctx = { companias: [1,2,3,4,5,6,7,8,9,10,11,12], analistas: [{id:1,nombre:'a',apellido:'b'}], inspectores: [1,2], responsabilidades: [1], productos: [{id:1,nombre:'Lesiones'},{id:2,nombre:'Daños Materiales'}], estados: new Map(), tiposDoc: [{id:1,nombre:'DNI'}] };
const g = new DemoGenerator(ctx, { seed: 1, until: '2026-11-22', totalCases: 100000 });
const ids: any = {}; for (const n of DEMO_TABLE_NAMES) ids[n] = 1;
const t = performance.now();
for (let i = 0; i < 20; i++) g.generate(i * 5000, 5000, ids);
console.log('gen 100k ms', Math.round(performance.now() - t), 'cpu', Math.round(process.cpuUsage().user/1000));
